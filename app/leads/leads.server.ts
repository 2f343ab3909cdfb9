import { getBackend } from "~/data/backend.server";
import type { BillingCycle, Lead, LeadPatch, LeadSource, NewLead } from "~/data/ports/lead-store";
import { hashedEmail, withUniqueRefCode } from "~/data/lead-codes.server";
import { canonicalEmail, PENDING_EMAIL } from "~/data/lead-model";
import { sha256Hex } from "~/platform/crypto.server";
import type { RequestContext } from "~/utils/context.server";
import { log } from "~/platform/log.server";

/** Flags a page records on the visitor's lead; a failure to record one is logged and ignored. */
export type LeadFlag = "clicked_roadmap_button" | "copied_share_message" | "copied_ref_link" | "followed_on_facebook";

/**
 * The lead module: every write to a lead row of every flow goes through here, so routes never
 * write lead rows themselves. One instance per request, bound to the request's variant table.
 */
export function leadsOf(ctx: Pick<RequestContext, "env" | "bindings" | "leadTable">) {
  const store = getBackend(ctx).leads;
  const table = ctx.leadTable;

  /** The lead's referral code, given one (unique, retried on a collision) when it has none. */
  async function ensureRefCode(lead: Lead): Promise<string> {
    if (lead.ref_code) return lead.ref_code;
    const updated = await withUniqueRefCode(lead.email, (ref_code) => store.update(table, lead.id, { ref_code }));
    if (!updated?.ref_code) throw new Error(`lead ${lead.id} not found in ${table}`);
    return updated.ref_code;
  }

  /**
   * Creates the lead of a submission under its submission id. A repeat of the same submission (same
   * id: double click, retry, second tab) writes the submitted fields onto the row the first wrote.
   */
  async function createForSubmission(id: string, lead: NewLead): Promise<Lead> {
    const { lead: row, created } = await store.createOnce(table, id, lead);
    if (created) return row;
    // Another inbox on a repeat (a corrected address, or a cookie replayed after the confirmation)
    // is a lead of its own: a row keeps the inbox it was given and maybe confirmed (ADR 040).
    if (lead.email && changesAddress(row, lead.email)) return createForSubmission(await newAddressId(id, lead.email), lead);
    const { referred_by: _r, utm_source: _s, utm_medium: _m, utm_campaign: _c, utm_term: _t, utm_content: _u, ...fields } = lead;
    return (await store.update(table, id, fields)) ?? row;
  }

  async function updateOrFail(id: string, patch: LeadPatch): Promise<Lead> {
    const lead = await store.update(table, id, patch);
    if (!lead) throw new Error(`lead ${id} not found in ${table}`);
    return lead;
  }

  return {
    table,
    get: (id: string) => store.getById(table, id),
    ensureRefCode,

    /** Funnel step 1: the children. The visitor's lead is updated, or created under the submission id. */
    saveChildren(
      current: Lead | null,
      submission: string,
      fields: { age_bands: string[]; time_available: string; children_count: number },
      attribution: Pick<NewLead, "referred_by" | "utm_source" | "utm_medium" | "utm_campaign" | "utm_term" | "utm_content">,
    ): Promise<Lead> {
      if (current) return updateOrFail(current.id, fields);
      return createForSubmission(submission, { ...fields, ...attribution, step_completed: 1, lead_source: "main_funnel" });
    },

    /** Funnel step 2: focus areas, goals and the biggest concern. */
    saveChoices(lead: Lead, choices: { focus: string[]; goals: string[]; concern: string }): Promise<Lead> {
      return updateOrFail(lead.id, {
        focus_areas: choices.focus,
        goals: choices.goals,
        biggest_concern: choices.concern,
        step_completed: Math.max(lead.step_completed, 2),
      });
    },

    changesAddress,

    /**
     * Funnel step 3: the e-mail, its hash and the lead's own referral code. A lead that holds
     * another inbox already keeps it: the answers go to a new lead for this address, the same one
     * for a repeat of the same step (ADR 040). Answers the lead that holds `email` now.
     */
    async saveEmail(lead: Lead, email: string): Promise<Lead> {
      const hashed_email = await hashedEmail(email);
      let target = lead;
      if (changesAddress(lead, email)) {
        target = await createForSubmission(await newAddressId(lead.id, email), {
          ...answersOf(lead),
          email,
          hashed_email,
          step_completed: 3,
        });
      }
      if (target.ref_code) return updateOrFail(target.id, { email, hashed_email, step_completed: 3 });
      return withUniqueRefCode(email, (ref_code) => updateOrFail(target.id, { email, hashed_email, ref_code, step_completed: 3 }));
    },

    /** A free guide or tips request: one lead per submission id. */
    createLeadMagnetLead(
      submission: string,
      lead: { email: string; age_band: string; goals: string[]; lead_source: LeadSource } & Pick<
        NewLead,
        "referred_by" | "utm_source" | "utm_medium" | "utm_campaign" | "utm_term" | "utm_content"
      >,
    ): Promise<Lead> {
      const { age_band, ...rest } = lead;
      return hashedEmail(lead.email).then((hashed_email) =>
        createForSubmission(submission, { ...rest, hashed_email, age_bands: [age_band], step_completed: 1 }),
      );
    },

    /** The plan chosen on the plans page; a failure is logged and the visitor goes on. */
    recordPlan(id: string, plan: string, cycle: BillingCycle): Promise<void> {
      return quietly(store.update(table, id, { plan_chosen: plan, billing_cycle: cycle }), "plan choice");
    },

    /** A click or copy the page reports; a failure is logged and ignored. */
    recordFlag(id: string, flag: LeadFlag): Promise<void> {
      return quietly(store.update(table, id, { [flag]: true }), flag);
    },

    /** The account's users record, linked to the visitor's lead of this variant when there is one. */
    linkAccount: (user: { id: string; email: string | null; name: string | null }, leadId: string | null) =>
      store.upsertUser({ ...user, lead_id: leadId }),

    /**
     * Adds a flag for an admin to look at twice ("disposable-domain", "ip-burst", "fast-referrals"),
     * once, keeping the others. A failure is logged: a flag is advice, never a reason to refuse.
     */
    addRiskFlag(id: string, flag: string): Promise<void> {
      const add = async () => {
        const lead = await store.getById(table, id);
        if (lead && !lead.risk_flags.includes(flag)) await store.update(table, id, { risk_flags: [...lead.risk_flags, flag] });
      };
      return quietly(add(), `risk flag ${flag}`);
    },

    /** An admin's edit: the validated fields of the edit form. Null when the lead is gone. */
    adminUpdate: (id: string, patch: LeadPatch) => store.update(table, id, patch),
    /** An admin's delete, with its `lead.erased` fact. False when the lead was already gone. */
    adminDelete: (id: string) => store.delete(table, id, new Date().toISOString()),
  };
}

/** Whether `email` is another inbox than the one the lead holds (the placeholder holds none). */
function changesAddress(lead: Pick<Lead, "email">, email: string): boolean {
  return lead.email !== PENDING_EMAIL && canonicalEmail(lead.email) !== canonicalEmail(email);
}

/** The id of the lead that a lead's answers make with another inbox: a repeat finds the same row. */
async function newAddressId(fromId: string, email: string): Promise<string> {
  const hex = await sha256Hex(`new-address:${fromId}:${canonicalEmail(email)}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** What a visitor told us on the funnel and how they came: what a lead for a new address starts with. */
function answersOf(lead: Lead): NewLead {
  const { age_bands, time_available, children_count, focus_areas, goals, biggest_concern, lead_source, plan_chosen, billing_cycle } = lead;
  const { referred_by, utm_source, utm_medium, utm_campaign, utm_term, utm_content } = lead;
  return {
    ...{ age_bands, time_available, children_count, focus_areas, goals, biggest_concern, lead_source, plan_chosen, billing_cycle },
    ...{ referred_by, utm_source, utm_medium, utm_campaign, utm_term, utm_content },
  };
}

async function quietly(write: Promise<unknown>, what: string): Promise<void> {
  try {
    await write;
  } catch (error) {
    log.error("lead.write_failed", { what }, error);
  }
}
