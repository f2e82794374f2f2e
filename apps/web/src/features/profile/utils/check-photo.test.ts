import { describe, expect, it } from 'vitest';
import { messages } from '@korrigo/domain';
import { checkPhotoFile } from './check-photo';

const MB = 1024 * 1024;

describe('checkPhotoFile', () => {
  it.each(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])('accepts %s up to 5 MB', (type) => {
    expect(checkPhotoFile({ type, size: 5 * MB })).toBeNull();
  });

  it.each(['image/svg+xml', 'application/pdf', 'image/heic', ''])('refuses %j', (type) => {
    expect(checkPhotoFile({ type, size: 1000 })).toBe(messages.profile.invalidImageType);
  });

  it('refuses files above 5 MB', () => {
    expect(checkPhotoFile({ type: 'image/png', size: 5 * MB + 1 })).toBe(messages.profile.imageTooLarge);
  });
});
