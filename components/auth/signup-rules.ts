/**
 * The sign-up form's checks before anything is sent (the spec's rules), and where a server refusal belongs:
 * each error is keyed by the field it is shown under.
 */
import { normaliseKoreanPhone } from "@/lib/phone";

export const SIGNUP_FIELDS = ["name", "userId", "password", "passwordConfirm", "phone", "refCode"] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];
/** Where an error is shown: a field, or the terms agreement of an invite link. */
export type SignupSlot = SignupField | "terms";
export type SignupForm = Record<SignupField, string>;
export type SignupErrors = Partial<Record<SignupSlot, string>>;

const REQUIRED: SignupField[] = ["name", "userId", "password", "passwordConfirm", "refCode"];
const USERID = /^[A-Za-z0-9]+$/;

/** The texts the checks answer with (the spec's, translated by the caller). */
export type SignupTexts = {
  required: string;
  requiredField: string;
  invalidUserId: string;
  mismatch: string;
  invalidPhone: string;
  agreeFirst: string;
};

/**
 * Every problem at once, each under its field. Empty required fields: the spec's sentence under the first of them,
 * a short "required" under the others (the sentence once, not five times).
 */
export function checkSignup(form: SignupForm, texts: SignupTexts, terms: { asked: boolean; agreed: boolean }) {
  const errors: SignupErrors = {};
  const empty = REQUIRED.filter((k) => !(k === "password" || k === "passwordConfirm" ? form[k] : form[k].trim()));
  empty.forEach((k, i) => {
    errors[k] = i === 0 ? texts.required : texts.requiredField;
  });
  if (!errors.userId && !USERID.test(form.userId.trim())) errors.userId = texts.invalidUserId;
  if (!errors.passwordConfirm && !errors.password && form.password !== form.passwordConfirm)
    errors.passwordConfirm = texts.mismatch;
  if (form.phone.trim() && !normaliseKoreanPhone(form.phone)) errors.phone = texts.invalidPhone;
  if (terms.asked && !terms.agreed) errors.terms = texts.agreeFirst;
  return errors;
}

/** The field a server refusal names (its `code`, or the `field` a validation failure carries), if any. */
export function fieldOfServerError(code: string | undefined, field: string | undefined): SignupField | null {
  switch (code) {
    case "USERID_TAKEN":
    case "INVALID_USERID":
      return "userId";
    case "INVALID_REFCODE":
    case "REFCODE_REQUIRED":
      return "refCode";
    case "WEAK_PASSWORD":
      return "password";
    case "PASSWORD_MISMATCH":
      return "passwordConfirm";
    case "INVALID_PHONE":
      return "phone";
  }
  if (field === "refId") return "refCode";
  return (SIGNUP_FIELDS as readonly string[]).includes(field ?? "") ? (field as SignupField) : null;
}

/** The first slot with an error, in the order the form shows them. */
export const firstErrorSlot = (errors: SignupErrors): SignupSlot | undefined =>
  [...SIGNUP_FIELDS, "terms" as const].find((k) => errors[k]);
