import { describe, expect, it } from 'vitest';
import { formatInvitationCode, normalizeInvitationCode } from './invitations';

describe('[INVITATIONS] codes', () => {
  it('takes a code typed in any case, with dash or spaces', () => {
    for (const typed of ['ABCD-EFGH', 'abcd efgh', ' abcdefgh ', 'Abcd_Efgh']) {
      expect(normalizeInvitationCode(typed)).toBe('ABCDEFGH');
    }
    expect(formatInvitationCode('ABCDEFGH')).toBe('ABCD-EFGH');
  });

  it('refuses what cannot be a code: wrong length, the ambiguous 0, O, 1 and I', () => {
    for (const typed of ['ABCD', 'ABCD-EFGHJ', 'ABCD-EFG0', 'ABCD-EFGO', 'ABCD-EFG1', 'ABCD-EFGI', '']) {
      expect(normalizeInvitationCode(typed)).toBeUndefined();
    }
  });
});
