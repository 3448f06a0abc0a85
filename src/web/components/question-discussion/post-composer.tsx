import { FileField, TextareaField } from "@web/components/form/fields.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { downscaleImage } from "@web/lib/downscale-image.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { editPostSchema, postComposerSchema } from "../../../shared/discussion-schemas.ts";
import {
  DISCUSSION_MESSAGES,
  POST_IMAGE_MAX_BYTES,
  POST_MAX_CHARS,
} from "../../../shared/discussions.ts";
import { msg } from "../../../shared/i18n/msg.ts";
import { useCreatePost, useEditPost } from "./discussion-api.ts";

/** The image is drawn at most this many pixels on its long side before it is sent. */
const IMAGE_LONG_SIDE = 1600;

export const FORMATTING_HINT = msg(
  "Formatting: **bold**, *italic*, lines starting with - or 1. for lists, #3 to point to post 3.",
);

type ComposerValues = { body: string; file?: File };
const composerResolver = schemaResolver<ComposerValues, typeof postComposerSchema>(
  postComposerSchema,
);

/**
 * Writing a post, or a reply to one (`parentId`): text with simple formatting and one image. A
 * phone photo is made smaller in the browser first (and the server checks it again).
 */
export function PostComposer(props: {
  questionId: string;
  parentId?: string;
  /** The field's label: "Your post" or "Your reply". */
  label: string;
  submitLabel: string;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreatePost(props.questionId);
  const [failure, setFailure] = useState<string | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const form = useForm<ComposerValues, unknown, ComposerValues>({
    resolver: composerResolver,
    defaultValues: { body: "" },
  });
  const onSubmit = form.handleSubmit(async ({ body, file }) => {
    setFailure(null);
    const image = file ? await downscaleImage(file, IMAGE_LONG_SIDE) : undefined;
    if (image && image.size > POST_IMAGE_MAX_BYTES) {
      form.setError("file", { message: DISCUSSION_MESSAGES.imageTooLarge });
      return;
    }
    try {
      await create.mutateAsync({ body, parentId: props.parentId, image });
      form.reset({ body: "" });
      // A new file input: the chosen file's name goes with the sent post.
      setFileKey((key) => key + 1);
      props.onDone?.();
    } catch (error) {
      setFailure(errorMessage(error, msg("Your post could not be sent. Please try again.")));
    }
  });
  return (
    <FormProvider {...form}>
      <form className="grid gap-2" onSubmit={onSubmit} noValidate>
        <TextareaField
          name="body"
          label={props.label}
          hint={t(FORMATTING_HINT)}
          rows={props.parentId ? 2 : 3}
          maxLength={POST_MAX_CHARS}
        />
        <FileField
          key={fileKey}
          name="file"
          label={t("Attach an image (optional)")}
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
        />
        {failure ? <InlineAlert>{failure}</InlineAlert> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t("Posting...") : props.submitLabel}
          </Button>
          {props.onCancel ? (
            <Button type="button" variant="outline" onClick={props.onCancel}>
              {t("Cancel")}
            </Button>
          ) : null}
        </div>
      </form>
    </FormProvider>
  );
}

type EditValues = { body: string };
const editResolver = schemaResolver<EditValues, typeof editPostSchema>(editPostSchema);

/** Editing one's own post within the first minutes (the server keeps the time). */
export function PostEditor(props: {
  questionId: string;
  postId: string;
  body: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditPost(props.questionId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EditValues, unknown, EditValues>({
    resolver: editResolver,
    defaultValues: { body: props.body },
  });
  const onSubmit = form.handleSubmit(async ({ body }) => {
    setFailure(null);
    try {
      await edit.mutateAsync({ postId: props.postId, body });
      props.onDone();
    } catch (error) {
      setFailure(errorMessage(error, msg("Your post could not be saved. Please try again.")));
    }
  });
  return (
    <FormProvider {...form}>
      <form className="grid gap-2" onSubmit={onSubmit} noValidate>
        <TextareaField
          name="body"
          label={t("Edit your post")}
          hint={t(FORMATTING_HINT)}
          rows={3}
          maxLength={POST_MAX_CHARS}
        />
        {failure ? <InlineAlert>{failure}</InlineAlert> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={edit.isPending}>
            {edit.isPending ? t("Saving...") : t("Save")}
          </Button>
          <Button type="button" variant="outline" onClick={props.onDone}>
            {t("Cancel")}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
