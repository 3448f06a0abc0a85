import { ApiError } from "@web/lib/api.ts";
import { notify } from "@web/lib/toast.ts";
import type { TFunction } from "i18next";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import ReactQuill from "react-quill-new";
import "react-quill-new/dist/quill.snow.css";
import "./rich-text-editor.css";
import { msg } from "../../../shared/i18n/msg.ts";
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

// Toolbar buttons are unlabelled icons; name them for screen readers. A button with a value
// (the two list buttons, say) is named by class and value, else by class alone.
const BUTTON_LABELS: Record<string, string> = {
  "ql-bold": msg("Bold"),
  "ql-italic": msg("Italic"),
  "ql-underline": msg("Underline"),
  "ql-strike": msg("Strikethrough"),
  "ql-list ordered": msg("Numbered list"),
  "ql-list bullet": msg("Bulleted list"),
  "ql-script sub": msg("Subscript"),
  "ql-script super": msg("Superscript"),
  "ql-indent -1": msg("Decrease indent"),
  "ql-indent +1": msg("Increase indent"),
  "ql-direction": msg("Right-to-left text"),
  "ql-link": msg("Insert link"),
  "ql-image": msg("Insert image"),
  "ql-video": msg("Insert video"),
  "ql-blockquote": msg("Blockquote"),
  "ql-code-block": msg("Code block"),
  "ql-clean": msg("Clear formatting"),
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
  "ql-header": msg("Heading"),
  "ql-font": msg("Font"),
  "ql-size": msg("Text size"),
  "ql-color": msg("Text colour"),
  "ql-background": msg("Background colour"),
  "ql-align": msg("Alignment"),
};

/**
 * The words Quill's stylesheet writes into the pickers (`data-label`, which its CSS shows) and
 * into the link tooltip (`data-*-label`, shown by rich-text-editor.css), by class and value.
 */
const PICKER_ITEM_LABELS: Record<string, string> = {
  "ql-header 1": msg("Heading 1"),
  "ql-header 2": msg("Heading 2"),
  "ql-header 3": msg("Heading 3"),
  "ql-header 4": msg("Heading 4"),
  "ql-header default": msg("Normal"),
  "ql-font serif": msg("Serif"),
  "ql-font monospace": msg("Monospace"),
  "ql-font default": msg("Sans Serif"),
  "ql-size small": msg("Small"),
  "ql-size large": msg("Large"),
  "ql-size huge": msg("Huge"),
  "ql-size default": msg("Normal"),
  "ql-align center": msg("Centre"),
  "ql-align right": msg("Right"),
  "ql-align justify": msg("Justify"),
  "ql-align default": msg("Left"),
};
const TOOLTIP_LABELS = {
  "data-visit-label": msg("Visit URL:"),
  "data-link-label": msg("Enter link:"),
  "data-video-label": msg("Enter video:"),
  "data-edit-label": msg("Edit"),
  "data-save-label": msg("Save"),
  "data-remove-label": msg("Remove"),
} as const;

/** Names the toolbar's buttons and pickers, and words the tooltip, in the interface language. */
function labelToolbar(root: HTMLElement, t: TFunction) {
  for (const button of root.querySelectorAll<HTMLButtonElement>(".ql-toolbar button")) {
    const className = [...button.classList].find((c) => c.startsWith("ql-")) ?? "";
    const label =
      BUTTON_LABELS[`${className} ${button.getAttribute("value") ?? ""}`] ??
      BUTTON_LABELS[className];
    if (label) button.setAttribute("aria-label", t(label));
  }
  // Quill's pickers are spans with role=button and no name; give each (and its items) one.
  for (const [className, label] of Object.entries(PICKER_LABELS)) {
    const picker = root.querySelector(`.ql-picker.${className}`);
    if (!picker) continue;
    const pickerLabel = picker.querySelector(".ql-picker-label");
    pickerLabel?.setAttribute("aria-label", t(label));
    for (const item of picker.querySelectorAll(".ql-picker-item")) {
      const value = item.getAttribute("data-value");
      const itemLabel = PICKER_ITEM_LABELS[`${className} ${value ?? "default"}`];
      // Colours have no words: their value (a hex code) names them, or "Default".
      const name = itemLabel ? t(itemLabel) : (value ?? t("Default"));
      item.setAttribute("aria-label", `${t(label)}: ${name}`);
      // Quill's stylesheet writes data-label into the heading, font and size pickers only.
      if (!itemLabel || className === "ql-align") continue;
      item.setAttribute("data-label", t(itemLabel));
      if (item.classList.contains("ql-selected"))
        pickerLabel?.setAttribute("data-label", t(itemLabel));
    }
  }
  const tooltip = root.querySelector(".ql-tooltip");
  for (const [attribute, text] of Object.entries(TOOLTIP_LABELS))
    tooltip?.setAttribute(attribute, t(text));
}

export default function RichTextEditor(props: {
  id: string;
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  /** Stores an image inserted from the toolbar and returns its public URL. */
  uploadImage: (file: File) => Promise<{ url: string }>;
  /** The language of the text (on the editable area only; the toolbar is the interface's). */
  lang?: string;
}) {
  const { uploadImage } = props;
  const { t, i18n } = useTranslation();
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
              notify.error(i18n.t("Image Too Large"), i18n.t(UPLOAD_MESSAGES.imageTooLarge));
              return;
            }
            if (!file.type.startsWith("image/")) {
              notify.error(i18n.t("Image Upload Failed"), i18n.t(UPLOAD_MESSAGES.notAnImage));
              return;
            }
            try {
              const { url } = await uploadImage(file);
              if (!url) {
                notify.error(
                  i18n.t("Error getting public URL"),
                  i18n.t("Could not retrieve public URL for the uploaded image."),
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
                const title =
                  error.status === 413 ? i18n.t("Image Too Large") : i18n.t("Image Upload Failed");
                notify.error(title, i18n.t(error.message));
              } else {
                notify.error(
                  i18n.t("Image Upload Error"),
                  i18n.t("An unexpected error occurred during image upload."),
                );
              }
            }
          },
        },
      },
    }),
    [uploadImage, i18n],
  );

  useEffect(() => {
    const root = containerRef.current;
    if (!root) return;
    labelToolbar(root, t);
    const editable = root.querySelector(".ql-editor");
    editable?.setAttribute("aria-labelledby", props.labelId);
    editable?.setAttribute("role", "textbox");
    editable?.setAttribute("aria-multiline", "true");
    if (props.lang) editable?.setAttribute("lang", props.lang);
  }, [props.labelId, props.lang, t]);

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
        placeholder={t("Write the full analysis...")}
      />
    </div>
  );
}
