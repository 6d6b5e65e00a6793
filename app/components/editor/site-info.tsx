import { DEFAULT_IMAGE_TARGET_BYTES } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import { ImageUploader } from "../image-uploader";
import {
  ProfileEditor,
  type ProfileEditorResult,
  type ProfileEditorValues,
} from "../profile-editor";

const SITE_IMAGES = [
  { target: "logo", label: "Logo", className: "image-preview logo", width: 120, height: 120 },
  {
    target: "background",
    label: "Background",
    className: "image-preview",
    width: 320,
    height: 180,
  },
] as const;

/**
 * The Info tab of the restaurant and shop editors: the shared info form, and
 * the logo and background, which are uploaded (each on its own, with progress).
 */
export function SiteInfo({
  productId,
  values,
  result,
  nameLabel,
  savedMessage = MESSAGES.infoSaved,
  failureMessage = MESSAGES.failedToSaveInfo,
  children,
}: {
  productId: string;
  values: ProfileEditorValues;
  result: ProfileEditorResult | undefined;
  nameLabel: string;
  savedMessage?: string;
  /** Shown before the reason when an image upload fails. */
  failureMessage?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="site-info">
      <ProfileEditor
        values={values}
        result={result}
        imageUrlFields={false}
        nameLabel={nameLabel}
        savedMessage={savedMessage}
      >
        {children}
      </ProfileEditor>
      <section className="image-fields" aria-labelledby="site-images-title">
        <h2 id="site-images-title">Logo and background</h2>
        {SITE_IMAGES.map(({ target, label, className, width, height }) => {
          const url = target === "logo" ? values.logoUrl : values.bgUrl;
          return (
            <div key={target} className="image-field">
              {url ? (
                <img
                  className={className}
                  src={url}
                  alt={`Current ${label.toLowerCase()}`}
                  width={width}
                  height={height}
                />
              ) : (
                <p className="muted">No {label.toLowerCase()} yet.</p>
              )}
              <ImageUploader
                productId={productId}
                target={target}
                label={label}
                targetBytes={DEFAULT_IMAGE_TARGET_BYTES}
                failureMessage={failureMessage}
              />
            </div>
          );
        })}
      </section>
    </div>
  );
}
