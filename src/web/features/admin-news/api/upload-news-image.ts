import { api, unwrap } from "@web/lib/api.ts";

/** Uploads one editor image to news_images and returns its public URL. */
export function uploadNewsImage(file: File) {
  return unwrap(api.news.images.$post({ form: { file } }));
}
