import { z } from 'zod';
import { US_STATE_CODES } from './us-states';

/** The profile's field rules, shared by the easy and the full profile calls. */

// Letters of any script, spaces, apostrophes and hyphens; starts and ends with a letter.
const PERSON_NAME = /^\p{L}(?:[\p{L} '\u2019-]*\p{L})?$/u;
export const ZPersonName = z.string().trim().min(1, 'Required').max(60, 'At most 60 characters').regex(PERSON_NAME, 'Letters, spaces, apostrophes and hyphens only');
export const ZBirthday = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD');
export const ZZip = z.string().trim().regex(/^\d{5}(?:-\d{4})?$/, 'Five digits, or ZIP+4 (12345-6789)');
export const ZAddressLine = z.string().trim().min(1, 'Required').max(120, 'At most 120 characters').regex(/^[\p{L}\p{N} .,'#/&()-]+$/u, 'Letters, digits, spaces and . , \' # / & ( ) - only');
export const ZCity = z.string().trim().min(1, 'Required').max(80, 'At most 80 characters').regex(PERSON_NAME, 'Letters, spaces, apostrophes and hyphens only');
// E.164: a plus, a country code that does not start with 0, at most 15 digits in all.
export const ZPhone = z.string().trim().regex(/^\+[1-9]\d{7,14}$/, 'International format, e.g. +15551234567');
export const ZUsState = z.enum(US_STATE_CODES, 'A US state code such as NY');
