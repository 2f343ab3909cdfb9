import { data, redirect } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import type { AuthService, AuthUser } from "~/auth/auth";
import { lastActiveAt, markActive, requestAuth } from "~/auth/session-auth.server";
import { dispatchFact } from "~/facts/facts.server";
import { leadsOf } from "~/leads/leads.server";
import type { RequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { addToast, commitSession, getSession, setAuthenticated, type AppSession } from "~/utils/session.server";
import { leadEditValidator, type AdminActionData, type LeadEditErrors } from "./edit-schema";
import { backValue, listQueryParams, parseBack } from "./list-query";
import type { AdminRefusal } from "./refusal";
import { log } from "~/platform/log.server";
import { auditChange } from "./audit.server";

/**
 * The admin guard and the shared handlers of the admin pages. requireAdmin runs
 * first in every loader and every action (through adminRoute, ./admin-route.server.ts) and throws
 * what it refuses, so nothing after it runs for a visitor it let through by mistake; the routes'
 * one error boundary renders the refusal.
 */

/**
 * An admin's sign-in ends after 30 minutes without an admin request. An admin session can read,
 * change, delete and export every lead, and the likely way to it is a browser left signed in on a
 * shared or lost machine; 30 minutes is long enough for a working session of reading and editing
 * leads without being asked for the password in the middle, and short enough that a forgotten one
 * does not stay open for the cookie's 30 days. The clock starts at sign-in and each admin request
 * restarts it (the session's `activeAt`).
 */
export const ADMIN_IDLE_MINUTES = 30;

export type AdminAccess = { user: AuthUser; session: AppSession; auth: AuthService };

/** A request the guard let through: what the shared handlers below act for (adminRoute gives it). */
export type AdminRequest = { ctx: RequestContext; access: AdminAccess };

/** Admin answers are never indexed and never stored by a shared cache. */
const PRIVATE = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };

function privateHeaders(auth: AuthService): Headers {
  const headers = new Headers(PRIVATE);
  auth.responseHeaders.forEach((value, key) => headers.append(key, value));
  return headers;
}

/** The Response an admin loader or action throws: a JSON AdminRefusal with its status. */
export function adminRefusal(refusal: AdminRefusal, headers: Headers = new Headers(PRIVATE)): Response {
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(refusal), { status: refusal.status, headers });
}

/**
 * The signed-in admin of this request, or a thrown Response: 401 'You must be logged in to view
 * this page.' (no sign-in, or an admin sign-in idle for longer than ADMIN_IDLE_MINUTES, which is
 * then ended here), 403 'Access Denied. You are not authorized to view this page.' (no admin
 * role). The role is re-read on the server each time. Commit the session on the response
 * (adminHeaders) so the idle clock moves on.
 */
export async function requireAdmin(request: Request, ctx: RequestContext, options: { now?: () => Date } = {}): Promise<AdminAccess> {
  const now = options.now ?? (() => new Date());
  const session = await getSession(request, ctx);
  const auth = requestAuth(request, ctx, session, undefined, now);
  const user = await auth.getUser();
  const copy = getPage(ctx.contentKey, "admin").access;
  const notLoggedIn = (headers: Headers) =>
    adminRefusal(
      {
        status: 401,
        message: copy.notLoggedIn,
        link: { href: linkTo(ctx.variant, "signup", { mode: "signin" }), label: copy.signInLabel },
      },
      headers,
    );

  if (!user) throw notLoggedIn(privateHeaders(auth));
  if (user.role !== "admin") {
    throw adminRefusal(
      { status: 403, message: copy.accessDenied, link: { href: linkTo(ctx.variant, "home"), label: copy.homeLabel } },
      privateHeaders(auth),
    );
  }
  const at = now();
  const last = lastActiveAt(session);
  if (last === null || at.getTime() - last > ADMIN_IDLE_MINUTES * 60_000) {
    // Only this browser's sign-in ends: the admin's other devices keep theirs.
    await auth.signOut("this-session");
    setAuthenticated(session, false);
    const headers = privateHeaders(auth);
    headers.append("Set-Cookie", await commitSession(session, ctx));
    throw notLoggedIn(headers);
  }
  markActive(session, at);
  return { user, session, auth };
}

/**
 * Headers of every admin answer: not indexed, never cached, the auth adapter's cookies, and the
 * session (the idle clock requireAdmin moved, and any toasts taken or added).
 */
export async function adminHeaders(access: AdminAccess, ctx: RequestContext): Promise<Headers> {
  const headers = privateHeaders(access.auth);
  headers.append("Set-Cookie", await commitSession(access.session, ctx));
  return headers;
}

/** For resource routes (the CSV export): a thrown refusal as plain text, its message only. */
export async function refusalAsText(error: unknown): Promise<never> {
  if (error instanceof Response && /\bapplication\/json\b/.test(error.headers.get("Content-Type") ?? "")) {
    const refusal = (await error.json()) as AdminRefusal;
    const headers = new Headers(error.headers);
    headers.set("Content-Type", "text/plain; charset=utf-8");
    throw new Response(refusal.message, { status: error.status, headers });
  }
  throw error;
}

function adminListHref(ctx: RequestContext, back: FormDataEntryValue | null) {
  return linkTo(ctx.variant, "admin/leads", listQueryParams(parseBack(back)));
}

/**
 * The shared loader of the single-lead pages (edit, delete, data), after the guard: the lead through
 * the lead module. A lead that is gone (404) or cannot be read (503) is thrown as a refusal with the
 * page's title and the way back to the list.
 */
export async function loadAdminLead({ ctx, access }: AdminRequest, id: string, page: "edit" | "remove") {
  const copy = getPage(ctx.contentKey, "admin");
  const back = backValue(parseBack(ctx.url.searchParams.get("back")));
  const listHref = adminListHref(ctx, back);
  const missing = async (status: 404 | 503, message: string) =>
    adminRefusal(
      { status, title: copy[page].title, message, link: { href: listHref, label: copy.title } },
      await adminHeaders(access, ctx),
    );
  let lead;
  try {
    lead = await leadsOf(ctx).get(id);
  } catch (error) {
    log.error("admin.read_failed", { what: "lead" }, error);
    throw await missing(503, copy.messages.fetchFailed);
  }
  if (!lead) throw await missing(404, copy.messages.notFound);
  return { lead, back, listHref };
}

function planIdsOf(ctx: RequestContext): string[] {
  return getPage(ctx.contentKey, "plans").plans.map((plan) => plan.id);
}

async function failure({ ctx, access }: AdminRequest, formError: string, status: number, fieldErrors: LeadEditErrors = {}) {
  const body: AdminActionData = { formError, fieldErrors };
  return data(body, { status, headers: await adminHeaders(access, ctx) });
}

export async function backToList({ ctx, access }: AdminRequest, back: FormDataEntryValue | null, toast: string) {
  addToast(access.session, { type: "success", message: toast });
  return redirect(adminListHref(ctx, back), { headers: await adminHeaders(access, ctx) });
}

/** Validates and saves the edit form of lead `id` through the lead module; success goes back to the list with a toast. */
export async function updateLead(admin: AdminRequest, id: string, form: FormData) {
  const { ctx } = admin;
  const copy = getPage(ctx.contentKey, "admin");
  const result = await leadEditValidator(planIdsOf(ctx), copy.edit.errors).validate(form);
  if (result.error) return failure(admin, copy.messages.invalid, 400, result.error.fieldErrors as LeadEditErrors);
  let saved = false;
  try {
    saved = (await leadsOf(ctx).adminUpdate(id, result.data)) !== null;
  } catch (error) {
    log.error("admin.action_failed", { action: "lead-update" }, error);
    return failure(admin, copy.messages.updateFailed, 503);
  }
  if (!saved) return failure(admin, copy.messages.updateFailed, 404);
  await auditChange(admin, "leads.edit", id);
  return backToList(admin, form.get("back"), copy.messages.updated);
}

/** Deletes lead `id` through the lead module; success goes back to the list with a toast. */
export async function deleteLead(admin: AdminRequest, id: string, form: FormData) {
  const { ctx } = admin;
  const copy = getPage(ctx.contentKey, "admin");
  let removed = false;
  try {
    removed = await leadsOf(ctx).adminDelete(id);
  } catch (error) {
    log.error("admin.action_failed", { action: "lead-delete" }, error);
    return failure(admin, copy.messages.deleteFailed, 503);
  }
  if (!removed) return failure(admin, copy.messages.deleteFailed, 404);
  // Its fact was written with it: the lead.erased webhook event follows from the fact.
  dispatchFact(ctx, `lead.erased:${ctx.leadTable}:${id}`);
  await auditChange(admin, "leads.delete", id);
  return backToList(admin, form.get("back"), copy.messages.deleted);
}

/** An action request the page never sends (no intent, no id). */
export function unknownAction(admin: AdminRequest, intent: FormDataEntryValue | null) {
  const copy = getPage(admin.ctx.contentKey, "admin").messages;
  return failure(admin, intent === "delete" ? copy.deleteFailed : copy.updateFailed, 400);
}
