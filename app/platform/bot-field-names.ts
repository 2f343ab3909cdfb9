/** Names of the bot-guard fields, shared by the form component and the server's check (ADR 011). */
export const HONEYPOT_NAME = "website";
export const STAMP_NAME = "form_stamp";
