/** §5's e-mail rule, shared by the sign-up form and the e-mail change: no leading or consecutive dots, a top-level part of 2+ letters; at most 30 characters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_%+-]+(\.[A-Za-z0-9_%+-]+)*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const EMAIL_MAX = 30;
