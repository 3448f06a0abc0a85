import { ApiError } from "@web/lib/api.ts";
import { notify } from "@web/lib/toast.ts";
import { useEffect, useMemo, useRef } from "react";
import ReactQuill from "react-quill-new";
import "react-quill-new/dist/quill.snow.css";
import "./rich-text-editor.css";
import { IMAGE_MAX_BYTES, UPLOAD_MESSAGES } from "../../../shared/uploads.ts";

// Spec toolbar: headers 1-4, fonts, sizes, bold/italic/underline/strike, colour, background,
// lists, sub/superscript, indent, direction, align, link, image, video, blockquote, code-block.
const TOOLBAR = [
  [{ header: [1, 2, 3, 4, false] }, { font: [] }, { size: ["small", false, "large", "huge"] }],
  ["bold", "italic", "underline", "strike"],
  [{ color: [] }, { background: [] }],
  [{ list: "ordered" }, { list: "bullet" }],
  [{ script: "sub" }, { script: "super" }],
  [{ indent: "-1" }, { indent: "+1" }],
  [{ direction: "rtl" }, { align: [] }],
  ["link", "image", "video"],
  ["blockquote", "code-block"],
  ["clean"],
];

const FORMATS = [
  "header",
  "font",
  "size",
  "bold",
  "italic",
  "underline",
  "strike",
  "color",
  "background",
  "list",
  "script",
  "indent",
  "direction",
  "align",
  "link",
  "image",
  "video",
  "blockquote",
  "code-block",
];

// Toolbar buttons are unlabelled icons; name them for screen readers.
const BUTTON_LABELS: Record<string, string> = {
  "ql-bold": "Bold",
  "ql-italic": "Italic",
  "ql-underline": "Underline",
  "ql-strike": "Strikethrough",
  "ql-list": "List",
  "ql-script": "Subscript or superscript",
  "ql-indent": "Indent",
  "ql-direction": "Text direction",
  "ql-link": "Insert link",
  "ql-image": "Insert image",
  "ql-video": "Insert video",
  "ql-blockquote": "Blockquote",
  "ql-code-block": "Code block",
  "ql-clean": "Clear formatting",
};

function pickImage(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = "image/*";
    input.addEventListener("change", () => resolve(input.files?.[0] ?? null));
    input.click();
  });
}

const PICKER_LABELS: Record<string, string> = {
  "ql-header": "Heading",
  "ql-font": "Font",
  "ql-size": "Text size",
  "ql-color": "Text colour",
  "ql-background": "Background colour",
  "ql-align": "Alignment",
};

export default function RichTextEditor(props: {
  id: string;
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  /** Stores an image inserted from the toolbar and returns its public URL. */
  uploadImage: (file: File) => Promise<{ url: string }>;
}) {
  const { uploadImage } = props;
  const quillRef = useRef<ReactQuill>(null);
  const containerRef = useRef<HTMLDivElement>(null);

  const modules = useMemo(
    () => ({
      toolbar: {
        container: TOOLBAR,
        handlers: {
          image: async () => {
            const file = await pickImage();
            if (!file) return;
            if (file.size > IMAGE_MAX_BYTES) {
              notify.error("Image Too Large", UPLOAD_MESSAGES.imageTooLarge);
              return;
            }
            if (!file.type.startsWith("image/")) {
              notify.error("Image Upload Failed", UPLOAD_MESSAGES.notAnImage);
              return;
            }
            try {
              const { url } = await uploadImage(file);
              if (!url) {
                notify.error(
                  "Error getting public URL",
                  "Could not retrieve public URL for the uploaded image.",
                );
                return;
              }
              const editor = quillRef.current?.getEditor();
              if (!editor) return;
              const at = editor.getSelection(true)?.index ?? editor.getLength();
              editor.insertEmbed(at, "image", url, "user");
              editor.setSelection(at + 1, 0, "user");
            } catch (error) {
              if (error instanceof ApiError) {
                const title = error.status === 413 ? "Image Too Large" : "Image Upload Failed";
                notify.error(title, error.message);
              } else {
                notify.error(
                  "Image Upload Error",
                  "An unexpected error occurred during image upload.",
                );
              }
            }
          },
        },
      },
    }),
    [uploadImage],
  );

  useEffect(() => {
    const root = containerRef.current;
    if (!root) return;
    for (const [className, label] of Object.entries(BUTTON_LABELS)) {
      for (const button of root.querySelectorAll(`button.${className}`)) {
        const value = button.getAttribute("value");
        button.setAttribute("aria-label", value ? `${label}: ${value}` : label);
      }
    }
    // Quill's pickers are spans with role=button and no name; give each (and its items) one.
    for (const [className, label] of Object.entries(PICKER_LABELS)) {
      const picker = root.querySelector(`.ql-picker.${className}`);
      picker?.querySelector(".ql-picker-label")?.setAttribute("aria-label", label);
      for (const item of picker?.querySelectorAll(".ql-picker-item") ?? []) {
        const value = item.getAttribute("data-value");
        item.setAttribute("aria-label", `${label}: ${value ?? "default"}`);
      }
    }
    const editable = root.querySelector(".ql-editor");
    editable?.setAttribute("aria-labelledby", props.labelId);
    editable?.setAttribute("role", "textbox");
    editable?.setAttribute("aria-multiline", "true");
  }, [props.labelId]);

  return (
    <div ref={containerRef} className="rich-text-editor">
      <ReactQuill
        ref={quillRef}
        id={props.id}
        theme="snow"
        value={props.value}
        onChange={(html) => props.onChange(html)}
        modules={modules}
        formats={FORMATS}
        placeholder="Write the full analysis..."
      />
    </div>
  );
}
