import type { AppEnv } from "~/utils/env.server";

/**
 * Placeholder values the legal copy is filled with: the data controller and the retention periods
 * come from configuration, so the privacy policy, the terms, the footer and the e-mails always
 * state what the deployment actually is and does.
 */
export function legalVars(env: AppEnv): Record<string, string> {
  return {
    controllerName: env.CONTROLLER_NAME,
    controllerAddress: env.CONTROLLER_ADDRESS,
    controllerEmail: env.CONTROLLER_EMAIL,
    unconfirmedDays: String(env.UNCONFIRMED_RETENTION_DAYS),
    placeholderDays: String(env.PLACEHOLDER_RETENTION_DAYS),
    mailBodyDays: String(env.OUTBOX_BODY_RETENTION_DAYS),
    analyticsMonths: String(env.ANALYTICS_RETENTION_MONTHS),
    consentMonths: String(env.CONSENT_RETENTION_MONTHS),
  };
}
