import { z } from 'zod';

import { VALIDATION } from '../validation.ts';
import { requiredText } from './fields.ts';

export const LICENCE_NOTE_MAX_LENGTH = 500;
export const LICENCE_NOTE_REQUIRED = VALIDATION.licence_note_required.message;

// POST /api/admin/vendors/{userId}/approve: the admin writes down what they checked, so a later
// question ("who let this driver in, and on what?") has an answer.
export const approveVendorSchema = z.object({
  licenceNote: requiredText('Licence note', LICENCE_NOTE_MAX_LENGTH, LICENCE_NOTE_REQUIRED),
});

export type ApproveVendorInput = z.infer<typeof approveVendorSchema>;
