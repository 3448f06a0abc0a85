import { zodResolver } from "@hookform/resolvers/zod";
import { LanguageChoice } from "@web/components/language/language-choice.tsx";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Avatar } from "@web/components/ui/avatar.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { Textarea } from "@web/components/ui/textarea.tsx";
import { dashboardPathFor, type SessionData, useAuth } from "@web/lib/auth.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation } from "react-router";
import {
  PROFILE_MESSAGES,
  type ProfileUpdate,
  profileUpdateSchema,
} from "../../../../shared/profile.ts";
import { rolesForPath } from "../../../../shared/route-catalog.ts";
import { IMAGE_MAX_BYTES, UPLOAD_MESSAGES } from "../../../../shared/uploads.ts";
import { useUpdateProfile } from "../api/update-profile.ts";
import { useUploadPhoto } from "../api/upload-photo.ts";
import { ExtraTimeCard } from "../components/extra-time-card.tsx";
import { NotificationSettingsCard } from "../components/notification-settings.tsx";

type Profile = NonNullable<NonNullable<SessionData>["profile"]>;

/** Students' and mentors' own profile (route catalog); an admin has the admin account page. */
const PROFILE_ROLES = rolesForPath("/student/profile") ?? [];

function ProfileForm({ profile, email }: { profile: Profile; email: string }) {
  const { t } = useTranslation();
  const updateProfile = useUpdateProfile();
  const uploadPhoto = useUploadPhoto();
  const fileInput = useRef<HTMLInputElement>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const form = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      fullName: profile.fullName ?? "",
      mobileNumber: profile.mobileNumber ?? "",
      address: profile.address ?? "",
      dateOfBirth: profile.dateOfBirth ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const choosePhoto = (file: File | undefined) => {
    if (!file) return;
    // Spec: the photo must be an image file (the server checks the content again).
    if (!file.type.startsWith("image/")) {
      notify.error(t("Photo Upload Error"), t(UPLOAD_MESSAGES.notAnImage));
    } else if (file.size > IMAGE_MAX_BYTES) {
      notify.error(t("Photo Upload Error"), t(UPLOAD_MESSAGES.imageTooLarge));
    } else {
      setPhoto(file);
      return;
    }
    if (fileInput.current) fileInput.current.value = "";
  };

  const onSubmit = form.handleSubmit(async (values) => {
    // Spec: a chosen photo is uploaded first; if that fails the save is aborted.
    if (photo) {
      try {
        await uploadPhoto.mutateAsync(photo);
        notify.success(t("Photo Uploaded"), t(PROFILE_MESSAGES.photoUploaded));
        setPhoto(null);
        if (fileInput.current) fileInput.current.value = "";
      } catch (error) {
        notify.error(t("Photo Upload Error"), errorMessage(error));
        return;
      }
    }
    try {
      const saved = await updateProfile.mutateAsync(values);
      form.reset({
        fullName: saved.profile.fullName ?? "",
        mobileNumber: saved.profile.mobileNumber ?? "",
        address: saved.profile.address ?? "",
        dateOfBirth: saved.profile.dateOfBirth ?? "",
      });
      notify.success(t("Profile Updated"), t(PROFILE_MESSAGES.profileUpdated));
    } catch (error) {
      notify.error(t("Error Saving Profile"), errorMessage(error));
    }
  });

  const displayName = form.watch("fullName")?.trim() || email;

  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <Avatar
          name={displayName}
          src={preview ?? profile.profilePhotoUrl}
          className="size-24 text-2xl"
        />
        <div className="grid gap-1.5">
          <label htmlFor="profile-photo" className="text-sm font-medium">
            {t("Profile Photo")}
          </label>
          <input
            ref={fileInput}
            id="profile-photo"
            type="file"
            accept="image/*"
            aria-describedby="profile-photo-hint"
            className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-muted"
            onChange={(event) => choosePhoto(event.target.files?.[0])}
          />
          <p id="profile-photo-hint" className="text-xs text-muted-foreground">
            {t("JPEG, PNG, GIF, WebP or AVIF, up to 5 MB. It is saved with your profile.")}
          </p>
        </div>
      </div>
      <FormField id="fullName" label={t("Full Name")} error={errors.fullName?.message}>
        <Input
          autoComplete="name"
          {...fieldAria("fullName", errors.fullName?.message)}
          {...form.register("fullName")}
        />
      </FormField>
      <FormField id="email" label={t("Email (Cannot be changed)")}>
        <Input id="email" type="email" value={email} disabled readOnly />
      </FormField>
      <FormField id="mobileNumber" label={t("Mobile Number")} error={errors.mobileNumber?.message}>
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...fieldAria("mobileNumber", errors.mobileNumber?.message)}
          {...form.register("mobileNumber")}
        />
      </FormField>
      <FormField id="address" label={t("Address")} error={errors.address?.message}>
        <Textarea
          rows={3}
          autoComplete="street-address"
          {...fieldAria("address", errors.address?.message)}
          {...form.register("address")}
        />
      </FormField>
      <FormField id="dateOfBirth" label={t("Date of Birth")} error={errors.dateOfBirth?.message}>
        <Input
          type="date"
          className="sm:max-w-56"
          {...fieldAria("dateOfBirth", errors.dateOfBirth?.message)}
          {...form.register("dateOfBirth")}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="sm:justify-self-start">
        {isSubmitting ? (
          <>
            <Spinner label={t("Saving")} className="size-4" /> {t("Saving...")}
          </>
        ) : (
          t("Save Changes")
        )}
      </Button>
    </form>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();

  if (auth.status === "loading") {
    return (
      <p role="status" className="p-8 text-center text-muted-foreground">
        {t("Loading...")}
      </p>
    );
  }
  if (auth.status === "signed-out") {
    return (
      <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-12 text-center">
        <p className="text-lg">{t(PROFILE_MESSAGES.loggedOut)}</p>
        <Button asChild>
          <Link to="/login" state={{ from: location.pathname }}>
            {t("Login")}
          </Link>
        </Button>
      </div>
    );
  }
  // Spec: the profile screen is for students (and mentors, decision 042); admins go to their own
  // dashboard.
  if (!PROFILE_ROLES.includes(auth.role)) {
    return <Navigate to={dashboardPathFor(auth.role)} replace />;
  }
  if (auth.status === "offline") {
    // Never a form filled from a guess: the profile needs the server (decision 045).
    return (
      <p role="status" className="p-8 text-center text-muted-foreground">
        {t("You are offline. This page needs an internet connection.")}
      </p>
    );
  }
  const { profile, user } = auth.session;

  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-6">
      <PageHeader
        title={t("My Profile")}
        backTo={dashboardPathFor(auth.role)}
        backLabel={auth.role === "mentor" ? t("Back to Evaluations") : t("Back to Dashboard")}
      />
      <Card className="p-5 sm:p-6">
        {profile ? (
          <ProfileForm key={profile.id} profile={profile} email={user.email} />
        ) : (
          <p role="status" className="text-muted-foreground">
            {t("Loading your profile...")}
          </p>
        )}
      </Card>
      <LanguageChoice />
      {/* Reminders are a student's (quizzes, revision, evaluated answers, live classes). */}
      {auth.role === "student" ? <NotificationSettingsCard /> : null}
      {/* Extra time in tests (decision 048): students take the tests. */}
      {auth.role === "student" ? <ExtraTimeCard /> : null}
    </div>
  );
}
