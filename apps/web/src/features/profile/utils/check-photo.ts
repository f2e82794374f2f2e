import { accountConstants, messages } from '@korrigo/domain';

const allowedTypes: readonly string[] = accountConstants.profileImageTypes;

/**
 * The picker's checks before upload (spec 000 §5): jpeg, png, gif or webp, at most 5 MB. The server checks
 * again by the file's content. Returns the German message, or null when the file may be uploaded.
 */
export function checkPhotoFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!allowedTypes.includes(file.type)) return messages.profile.invalidImageType;
  if (file.size > accountConstants.profileImageMaxBytes) return messages.profile.imageTooLarge;
  return null;
}
