import { z } from "zod";
import { countedSchema } from "./counted";

const text = z.string().min(1);
/** A message for a value over its length cap; '{max}' is filled with the cap. */
const tooLong = z.string().includes("{max}");

/** /admin/webhooks (issue 35, docs/decisions/038-webhooks.md): endpoints, their secrets and the delivery log. */
const adminWebhooksSchema = z.object({
  title: text,
  intro: text,
  addHeading: text,
  url: text,
  urlHint: text,
  events: text,
  add: text,
  added: text,
  alreadyAdded: text,
  /** Why a URL is refused, by EndpointUrlRefusal. */
  refused: z.object({
    invalid: text,
    "not-https": text,
    credentials: text,
    "local-name": text,
    "private-address": text,
    unresolved: text,
  }),
  noEvents: text,
  secretHeading: text,
  secretNote: text,
  endpointsHeading: text,
  none: text,
  columns: z.object({ url: text, events: text, state: text, secret: text, actions: text }),
  enabled: text,
  disabled: text,
  disable: text,
  enable: text,
  rotate: text,
  /** `{until}`. */
  rotatedGrace: z.string().includes("{until}"),
  rotated: text,
  alreadyRotated: text,
  sendTest: text,
  testSent: text,
  testNotSent: text,
  deliveriesHeading: text,
  noDeliveries: text,
  deliveryColumns: z.object({
    id: text,
    event: text,
    endpoint: text,
    status: text,
    attempts: text,
    code: text,
    latency: text,
    at: text,
    action: text,
  }),
  statuses: z.object({ pending: text, delivered: text, dead: text, cancelled: text }),
  replay: text,
  replayed: text,
  /** A replay of a delivery cancelled because its parent's data was erased. */
  replayCancelled: text,
  unknownAction: text,
});

/** Copy of the admin lead-management pages (SPEC 2.14, 3.1, 6, 8). */
export const adminSchema = z.object({
  metaTitle: text,
  title: text,
  intro: text,
  access: z.object({
    /** SPEC 6/8: not signed in (401). */
    notLoggedIn: z.literal("You must be logged in to view this page."),
    /** SPEC 6/8: signed in without the admin role (403). */
    accessDenied: z.literal("Access Denied. You are not authorized to view this page."),
    signInLabel: text,
    homeLabel: text,
  }),
  messages: z.object({
    fetchFailed: z.literal("Failed to fetch leads. Make sure you have 'admin' role."),
    updateFailed: z.literal("Failed to update lead."),
    deleteFailed: z.literal("Failed to delete lead."),
    confirmDelete: z.literal("Are you sure you want to delete this lead?"),
    updated: text,
    deleted: text,
    notFound: text,
    invalid: text,
  }),
  stats: z.object({
    heading: text,
    total: text,
    completed: text,
    bySource: text,
    byPlan: text,
    referrals: text,
    none: text,
  }),
  filters: z.object({
    heading: text,
    email: text,
    emailPlaceholder: text,
    source: text,
    step: text,
    any: text,
    /** `{step}` is the step number. */
    stepOption: z.string().includes("{step}"),
    sort: text,
    newest: text,
    oldest: text,
    apply: text,
    reset: text,
    exportCsv: text,
  }),
  table: z.object({
    caption: text,
    /** Column headings, in the order of SPEC 3.1's admin list; also the CSV header. */
    columns: z.object({
      email: text,
      lead_source: text,
      step_completed: text,
      plan_chosen: text,
      billing_cycle: text,
      children_count: text,
      age_bands: text,
      time_available: text,
      focus_areas: text,
      goals: text,
      biggest_concern: text,
      followed_on_facebook: text,
      copied_share_message: text,
      copied_ref_link: text,
      referral_count: text,
      referred_by: text,
      utm_source: text,
      created_at: text,
    }),
    actions: text,
    edit: text,
    delete: text,
    yes: text,
    no: text,
    empty: text,
    /** `{from}`, `{to}`, `{total}`. */
    summary: z.string().includes("{total}"),
  }),
  /** Lead source labels (SPEC 3.1: guide, tips, main funnel). */
  leadSources: z.object({ main_funnel: text, guide_download: text, tips_download: text }),
  billingCycles: z.object({ monthly: text, yearly: text }),
  paging: z.object({
    label: text,
    previous: text,
    next: text,
    /** `{page}`, `{pages}`. */
    position: z.string().includes("{pages}"),
  }),
  edit: z.object({
    title: text,
    intro: text,
    save: text,
    saving: text,
    cancel: text,
    noPlan: text,
    noBilling: text,
    fields: z.object({
      email: text,
      step_completed: text,
      lead_source: text,
      plan_chosen: text,
      billing_cycle: text,
      email_verified: text,
      followed_on_facebook: text,
      copied_share_message: text,
      copied_ref_link: text,
      clicked_roadmap_button: text,
    }),
    flagsLegend: text,
    errors: z.object({
      email: text,
      emailTooLong: tooLong,
      step: text,
      leadSource: text,
      plan: text,
      billingCycle: text,
    }),
  }),
  remove: z.object({
    title: text,
    confirm: text,
    deleting: text,
    cancel: text,
  }),
  toasts: z.object({ label: text, dismiss: text }),
  /** The console frame of every admin page: variant switcher, navigation, the signed-in admin. */
  console: z.object({
    navLabel: text,
    switcherLabel: text,
    /** Switcher names, in the order of ADMIN_VARIANTS. */
    variants: z.object({ genius: text, icehockey: text, tennis: text }),
    allVariants: text,
    leads: text,
    referrals: text,
    analytics: text,
    mail: text,
    launch: text,
    waves: text,
    rewards: text,
    clubs: text,
    webhooks: text,
    audit: text,
    /** `{email}`. */
    signedInAs: z.string().includes("{email}"),
    signOut: text,
  }),
  /** The waitlist cards above the list (one variant, or all three summed). */
  cards: z.object({
    heading: text,
    allHeading: text,
    confirmed: text,
    firstWaveLeft: text,
    /** `{left}`, `{spots}`. */
    firstWaveOf: z.string().includes("{spots}"),
    credited: text,
    viral: text,
    viralHint: text,
    today: text,
    week: text,
    incomplete: text,
    incompleteHint: text,
    perVariant: text,
    /** Shown in the all-variants view instead of one combined table. */
    pickVariant: text,
    openVariant: z.string().includes("{variant}"),
  }),
  /** Columns beside SPEC 3.1's: in the table and the CSV. */
  extraColumns: z.object({
    ref_code: text,
    email_verified: text,
    place: text,
    risk_flags: text,
  }),
  /** CSV headers of the fields the table does not show (the CSV carries every field). */
  csvColumns: z.record(z.string(), text),
  /** Bulk actions on the selected rows. */
  bulk: z.object({
    legend: text,
    select: z.string().includes("{email}"),
    selectAll: text,
    delete: text,
    export: text,
    revoke: text,
    /** `{count}`. */
    confirmDelete: countedSchema,
    confirmExport: countedSchema,
    confirmRevoke: countedSchema,
    confirm: text,
    cancel: text,
    none: text,
    tooMany: z.string().includes("{max}"),
    unknown: text,
    deleted: countedSchema,
    revoked: countedSchema,
    failed: text,
  }),
  /** The referral ledger page and the referral panel of a lead. */
  referrals: z.object({
    title: text,
    intro: text,
    none: text,
    columns: z.object({ created: text, referred: text, referrer: text, code: text, status: text, reason: text, action: text }),
    statuses: z.object({ pending: text, credited: text, rejected: text, held: text }),
    reasons: z.object({
      "self-referral": text,
      "duplicate-email": text,
      "disposable-domain": text,
      "unknown-code": text,
      revoked: text,
      "review-rejected": text,
    }),
    /** The review queue of held credits (/admin/referrals/review, issue 34). */
    holds: z.object({
      title: text,
      intro: text,
      none: text,
      link: text,
      columns: z.object({ select: text, created: text, referred: text, referrer: text, reasons: text }),
      reasons: z.object({ "catch-all": text, "ip-burst": text, "time-burst": text }),
      select: z.string().includes("{email}"),
      approve: text,
      reject: text,
      /** A row's own buttons: `{email}` names the friend for a screen reader. */
      approveShort: text,
      rejectShort: text,
      approveOne: z.string().includes("{email}"),
      rejectOne: z.string().includes("{email}"),
      /** The one question before a decision, `{count}`. */
      confirmApprove: countedSchema,
      confirmReject: countedSchema,
      confirm: text,
      cancel: text,
      noneSelected: text,
      approved: countedSchema,
      rejected: countedSchema,
    }),
    /** The IP safelist (/admin/safelist, issue 34): schools, clubs and offices. */
    safelist: z.object({
      title: text,
      intro: text,
      none: text,
      link: text,
      columns: z.object({ cidr: text, note: text, added: text, action: text }),
      cidr: text,
      note: text,
      add: text,
      remove: text,
      confirmRemove: z.string().includes("{cidr}"),
      confirm: text,
      cancel: text,
      invalid: text,
      tooBroad: text,
      confirmAdd: z.string().includes("{cidr}").includes("{addresses}"),
      addresses: countedSchema,
      save: text,
      added: text,
      removed: text,
      audit: text,
    }),
    revoke: text,
    restore: text,
    revoked: text,
    restored: text,
    missing: text,
    unknownAction: text,
    /** Credited referrals by the share channel of their link (issue 34). */
    channels: z.object({
      title: text,
      none: text,
      columns: z.object({ channel: text, count: text }),
      labels: z.object({ wa: text, fb: text, x: text, email: text, sms: text, copy: text, unknown: text }),
    }),
    lead: z.object({
      title: text,
      refCode: text,
      referredBy: text,
      nobody: text,
      confirmed: text,
      notConfirmed: text,
      flags: text,
      noFlags: text,
    }),
    flags: z.record(z.string(), text),
  }),
  /** The funnel analytics dashboard (/admin/analytics). Keys of `events` are the recorded event names. */
  analytics: z.object({
    metaTitle: text,
    title: text,
    intro: text,
    filters: z.object({
      heading: text,
      scope: text,
      thisSite: text,
      allSites: text,
      from: text,
      to: text,
      source: text,
      campaign: text,
      anyValue: text,
      apply: text,
      reset: text,
      errors: z.object({ date: text, order: text, range: text, text: text }),
    }),
    showing: text,
    /** Under the range: what no count includes; '{count}' is the page views left out. */
    leftOut: z.string().includes("{count}"),
    fetchFailed: text,
    funnel: z.object({ heading: text, desc: text, step: text, count: text, conversion: text, none: text }),
    /** The free guide's and tips' own funnels, keyed by kind. */
    leadMagnets: z.object({ heading: text, intro: text, titles: z.object({ guide: text, tips: text }) }),
    /** Forms sent sooner than the minimum fill time and shown again (ADR 011); `{seconds}` is the minimum. */
    tooFast: z.object({
      heading: text,
      intro: z.string().includes("{seconds}"),
      form: text,
      count: text,
      forms: z.object({ form_step1: text, guide: text, tips: text, signup: text }),
    }),
    events: z.object({
      heading: text,
      name: text,
      count: text,
      labels: z.record(z.string(), text),
    }),
    signups: z.object({ heading: text, desc: text, day: text, count: text, total: text }),
    referrers: z.object({
      heading: text,
      note: text,
      none: text,
      columns: z.object({ referrer: text, code: text, site: text, credited: text, pending: text, rejected: text, flags: text }),
    }),
    timeToCredit: z.object({
      heading: text,
      desc: text,
      median: text,
      referrers: text,
      none: text,
      bucket: text,
      count: text,
      hours: countedSchema,
      days: countedSchema,
      buckets: z.object({ under1: text, under3: text, under7: text, under14: text, over14: text }),
    }),
    sites: z.object({ genius: text, icehockey: text, tennis: text }),
    tableLabel: text,
  }),
  /** The admin audit (/admin/audit): every admin change with its admin, newest first, filtered by kind. */
  audit: z.object({
    metaTitle: text,
    title: text,
    intro: text,
    none: text,
    tableLabel: text,
    columns: z.object({ at: text, actor: text, action: text, target: text, detail: text, variant: text }),
    filterLabel: text,
    allKinds: text,
    filter: text,
    /** The filter's names of the kinds (the first part of an action). */
    kinds: z.object({
      leads: text,
      referrals: text,
      holds: text,
      safelist: text,
      rewards: text,
      clubs: text,
      waves: text,
      campaigns: text,
      webhooks: text,
      mail: text,
    }),
    /** Readable names of the stored actions; an unknown one is shown as stored. */
    actions: z.record(z.string(), text),
    /** The variant cell of a change of every variant (the safelist). */
    everyVariant: text,
  }),
  /** Mails that need a human (/admin/mail): the dead outbox rows, with Retry and Give up (ADR 024). */
  mail: z.object({
    metaTitle: text,
    title: text,
    intro: text,
    none: text,
    tableLabel: text,
    columns: z.object({
      recipient: text,
      template: text,
      variant: text,
      attempts: text,
      lastError: text,
      failedAt: text,
      action: text,
    }),
    /** Readable names of the outbox's template column; an unknown name is shown as stored. */
    templates: z.record(z.string(), text),
    retry: text,
    giveUp: text,
    /** `{recipient}`: the toast after a retry. */
    retried: z.string().includes("{recipient}"),
    /** `{recipient}`: the toast after giving up. */
    givenUp: z.string().includes("{recipient}"),
    /** What the give-up writes before the row's last error. */
    giveUpReason: text,
    unknownAction: text,
    missing: text,
    alreadyHandled: text,
    failed: text,
    /** The reactions to facts that kept failing (ADR 046), below the dead mails, with one Replay each. */
    reactions: z.object({
      heading: text,
      intro: text,
      none: text,
      tableLabel: text,
      columns: z.object({ fact: text, handler: text, attempts: text, lastError: text, failedAt: text, action: text }),
      /** Readable names of the fact types and of the handlers; an unknown one is shown as stored. */
      facts: z.record(z.string(), text),
      handlers: z.record(z.string(), text),
      replay: text,
      /** `{handler}`: the toast after a replay. */
      replayed: z.string().includes("{handler}"),
      alreadyReplayed: text,
    }),
  }),
  /** Launch-day announcements (/admin/launch, docs/decisions/026-announcements.md). */
  launch: z.object({
    metaTitle: text,
    title: text,
    intro: text,
    audience: z.object({
      heading: text,
      /** `{count}`, `{unsubscribed}`, `{bounced}`, `{unconfirmed}`: the breakdown before sending. */
      summary: z.string().includes("{count}").includes("{unsubscribed}").includes("{bounced}").includes("{unconfirmed}"),
      scopeOne: z.string().includes("{variant}"),
      scopeAll: text,
      /** `{waiting}`, `{admitted}`, `{accounts}`: those who will receive it by standing; each reads their own. */
      standings: z.string().includes("{waiting}").includes("{admitted}").includes("{accounts}"),
      /** Shown instead of the breakdown while a campaign is being sent (the page refreshes often). */
      whileSending: text,
    }),
    compose: z.object({
      heading: text,
      date: text,
      dateHint: text,
      message: text,
      /** `{max}`. */
      messageHint: z.string().includes("{max}"),
      ctaLabel: text,
      ctaUrl: text,
      ctaUrlHint: text,
      when: text,
      now: text,
      later: text,
      sendAt: text,
      sendAtHint: text,
    }),
    errors: z.object({
      summary: text,
      date: text,
      message: text,
      /** `{max}`. */
      messageTooLong: z.string().includes("{max}"),
      ctaLabel: text,
      /** `{max}`. */
      ctaLabelTooLong: z.string().includes("{max}"),
      ctaUrl: text,
      sendAt: text,
      sendAtPast: text,
      noAudience: text,
      unknownAction: text,
      failed: text,
    }),
    buttons: z.object({ preview: text, test: text, send: text, schedule: text }),
    /** The one confirmation before a send or a schedule (docs/decisions/028-admin-confirmations.md). */
    confirm: z.object({
      heading: text,
      headingLater: text,
      /** `{count}`, `{variant}`. */
      audienceOne: countedSchema.extend({ other: z.string().includes("{count}").includes("{variant}") }),
      /** `{count}`. */
      audienceAll: countedSchema,
      /** `{waiting}`, `{admitted}`, `{accounts}`: those who will receive it by standing; each reads their own. */
      standings: z.string().includes("{waiting}").includes("{admitted}").includes("{accounts}"),
      /** `{date}`: the early-access date, written out. */
      date: z.string().includes("{date}"),
      now: text,
      /** `{at}`: the send time (UTC). */
      later: z.string().includes("{at}"),
      note: text,
      /** `{count}`: the confirming buttons. */
      send: countedSchema,
      schedule: countedSchema,
      back: text,
    }),
    preview: z.object({
      heading: text,
      /** `{email}`: the audience's recipient the preview is made for. */
      recipient: z.string().includes("{email}"),
      sample: text,
      phone: text,
      desktop: text,
      subject: text,
      empty: text,
    }),
    toasts: z.object({
      /** `{email}`. */
      testSent: z.string().includes("{email}"),
      testFailed: text,
      /** `{count}`. */
      started: countedSchema,
      /** `{at}`. */
      scheduled: z.string().includes("{at}"),
      already: text,
    }),
    progress: z.object({
      heading: text,
      /** `{at}`, `{by}`. */
      meta: z.string().includes("{at}").includes("{by}"),
      queued: text,
      sent: text,
      failed: text,
      skipped: text,
      audience: text,
      statuses: z.object({ scheduled: text, sending: text, written: text, done: text }),
      /** `{sent}`, `{failed}`, `{skipped}`, `{audience}`. */
      report: z.string().includes("{sent}").includes("{failed}").includes("{skipped}").includes("{audience}"),
      reloadHint: text,
      live: text,
    }),
    ledger: z.object({
      heading: text,
      caption: text,
      none: text,
      columns: z.object({
        when: text,
        by: text,
        scope: text,
        date: text,
        message: text,
        status: text,
        recipients: text,
        sent: text,
        open: text,
      }),
      open: text,
    }),
  }),
  /** Admitting a wave (/admin/waves, docs/decisions/025-waves-and-invites.md). */
  waves: z.object({
    metaTitle: text,
    title: text,
    intro: text,
    /** With "All variants" selected: admitting is per variant. */
    pickVariant: text,
    admitTitle: text,
    sizeLabel: text,
    /** `{spots}`, `{left}`: the hint under the size field. */
    sizeHint: z.string().includes("{left}"),
    /** `{count}` (the first-wave spots left): why the size field holds the number it holds (docs/decisions/028-admin-confirmations.md). */
    suggested: countedSchema,
    /** `{spots}`: no first-wave spot left, so no suggestion. */
    noneLeft: text,
    preview: text,
    /** `{seq}`: the review of the cut-off before admitting. */
    reviewTitle: z.string().includes("{seq}"),
    /** `{seq}`, `{count}`, `{first}`, `{last}`: who the wave takes (a wave of one has no `{last}`). */
    cutOff: z.object({
      one: z.string().includes("{seq}").includes("{first}"),
      other: z.string().includes("{seq}").includes("{count}").includes("{first}").includes("{last}"),
    }),
    /** `{count}`, `{asked}`: fewer parents are waiting than asked for. */
    fewer: countedSchema,
    reviewAll: text,
    reviewFirst: text,
    reviewLast: text,
    /** `{place}`, `{email}` (masked). */
    reviewItem: z.string().includes("{place}").includes("{email}"),
    reviewNote: text,
    /** Credits held for review are not counted in the places (ADR 036); `{count}`. */
    held: countedSchema,
    /** `{count}`: the button. */
    admit: countedSchema,
    change: text,
    nobody: text,
    /** `{seq}`, `{count}`: the toast after admitting. */
    admitted: countedSchema,
    /** `{seq}`: the toast when the form was sent again. */
    already: z.string().includes("{seq}"),
    stale: text,
    empty: text,
    badSize: text,
    unknownAction: text,
    failed: text,
    listTitle: text,
    none: text,
    tableLabel: text,
    columns: z.object({
      wave: text,
      admittedAt: text,
      by: text,
      asked: text,
      admitted: text,
      lastPlace: text,
      invited: text,
      accepted: text,
      waiting: text,
      expired: text,
    }),
    /** `{seq}`. */
    waveName: z.string().includes("{seq}"),
    /** Under a club wave's name: the club it admitted, as it is called now. `{club}`, `{city}`. */
    clubWave: z.string().includes("{club}").includes("{city}"),
    /** Under a club wave's name when its club was removed since. */
    clubWaveRemoved: text,
    expiredTitle: text,
    expiredTableLabel: text,
    expiredColumns: z.object({ parent: text, wave: text, place: text, expiredAt: text, action: text }),
    resend: text,
    /** `{email}`. */
    resent: z.string().includes("{email}"),
    notExpired: text,
    missing: text,
  }),
  /** The launch funnel on /admin/analytics (docs/decisions/025-waves-and-invites.md): per variant and wave. */
  webhooks: adminWebhooksSchema,
  launchFunnel: z.object({
    heading: text,
    note: text,
    none: text,
    columns: z.object({ variant: text, wave: text, admitted: text, opened: text, accepted: text, accounts: text }),
    /** `{seq}`. */
    waveName: z.string().includes("{seq}"),
  }),
});

export type AdminContent = z.infer<typeof adminSchema>;
