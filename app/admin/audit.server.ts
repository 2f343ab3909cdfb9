import { getBackend } from "~/data/backend.server";
import { log } from "~/platform/log.server";
import { variantKey } from "~/utils/variant";
import type { AdminRequest } from "./admin.server";
import { AUDIT_KINDS } from "./audit-kinds";

type AuditKind = (typeof AUDIT_KINDS)[number];

/**
 * Leaves the audit row of one admin change: call it once the change was made, and only when it
 * changed something, so a double submit (which finds nothing left to change) writes one row.
 * `target` is the id of what changed; `detail` a short summary the admin already sees on the page,
 * never a parent's address or a secret. A failed write is logged, not answered: the change is made,
 * and a retried form would make it twice.
 */
export async function auditChange(
  { ctx, access }: AdminRequest,
  action: `${AuditKind}.${string}`,
  target: string | string[] = "",
  detail = "",
): Promise<void> {
  const entry = {
    action,
    target: (Array.isArray(target) ? target.join(" ") : target).slice(0, 400),
    detail: detail.slice(0, 300),
    variant: variantKey(ctx.variant),
    actor: access.user.email || access.user.id,
    at: new Date().toISOString(),
  };
  try {
    await getBackend(ctx).adminAudit.record(entry);
  } catch (error) {
    log.error("admin.audit_failed", { action }, error);
  }
}
