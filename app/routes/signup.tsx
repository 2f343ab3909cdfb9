import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { getPage } from "#content/index";
import { BotFields } from "~/components/BotFields";
import { Field } from "~/components/signup/Field";
import { PasswordToggle } from "~/components/signup/PasswordToggle";
import { botFields } from "~/platform/bot-guard.server";
import { chosenPlan } from "~/signup/signup.server";
import { submitSignup, type SignupResult } from "~/signup/submit.server";
import { checkSignup, parseMode, type SignupErrors, type SignupMode } from "~/signup/validation";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { useLinkTo } from "~/utils/root-data";
import { pageMeta } from "~/utils/seo";
import { getSession, getVariantValues } from "~/utils/session.server";
import { useHydrated } from "~/utils/use-hydrated";

/** /signup: create an account or sign in; app/signup/submit.server.ts decides what a POST does. */
export const handle: RouteHandle = { hydrate: true };

const MAX_EMAIL_LENGTH = 254;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  const fromQuery = ctx.url.searchParams.get("email")?.trim().slice(0, MAX_EMAIL_LENGTH);
  return {
    mode: parseMode(ctx.url.searchParams.get("mode")),
    copy: getPage(ctx.contentKey, "signup"),
    // SPEC 2.9: ?email= first, else the e-mail stored earlier in the funnel.
    email: fromQuery || getVariantValues(session, ctx.variant).userEmail || "",
    plan: chosenPlan(ctx, session),
    bot: await botFields(ctx, { turnstile: true }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "signup", { fullTitle: data?.copy.metaTitle }, [{ name: "robots", content: "noindex" }]);

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  const outcome = await submitSignup(ctx, session, request, await request.formData());
  if ("redirectTo" in outcome) return redirect(outcome.redirectTo, { headers: outcome.headers });
  return data<SignupResult>(outcome.result, { status: outcome.status, headers: outcome.headers });
}

export default function Signup() {
  const { mode, copy, email, plan } = useLoaderData<typeof loader>();
  const actionData = useActionData<SignupResult>();
  const link = useLinkTo();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [passwordShown, setPasswordShown] = useState(false);
  // The browser's own check of the rules; null until the visitor first tries to send the form.
  const [checked, setChecked] = useState<{ mode: SignupMode; errors: SignupErrors } | null>(null);

  // Messages belong to the mode they were answered in; switching mode clears them (SPEC 4.4).
  const result = actionData?.mode === mode ? actionData : null;
  const signedIn = result?.signedIn ? result : null;
  useEffect(() => {
    if (!signedIn?.next) return;
    const timer = setTimeout(() => navigate(signedIn.next as string), 1000);
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);
  // A server answer replaces what the browser found before sending.
  useEffect(() => setChecked(null), [actionData]);

  const errors: SignupErrors = (checked?.mode === mode ? checked.errors : null) ?? result?.fieldErrors ?? {};
  const values = { email: result?.repopulate?.email ?? email, name: result?.repopulate?.name ?? "" };
  const check = (form: HTMLFormElement) => checkSignup(mode, copy.messages, Object.fromEntries(new FormData(form))).errors;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = check(event.currentTarget);
    setChecked({ mode, errors: found });
    if (Object.keys(found).length === 0) return;
    event.preventDefault();
    // The first field to fix gets the focus, so a keyboard or screen reader user lands on it.
    event.currentTarget.querySelector<HTMLInputElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
  };
  // After a first attempt the messages follow what the visitor types.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (checked?.mode === mode) setChecked({ mode, errors: check(event.currentTarget) });
  };

  const texts = copy[mode];
  const other: SignupMode = mode === "signup" ? "signin" : "signup";
  const submitting = navigation.state === "submitting" && navigation.formData?.get("mode") === mode;
  const passwordType = passwordShown ? "text" : "password";
  const toggle = hydrated ? (
    <PasswordToggle shown={passwordShown} onToggle={() => setPasswordShown((shown) => !shown)} copy={copy.fields} />
  ) : null;

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-extrabold text-slate-900">{texts.title}</h1>
        <p className="mt-2 text-center text-slate-700">{texts.subtitle}</p>

        {plan ? (
          <p className="mt-4 rounded-lg bg-brand-soft px-4 py-3 text-center text-sm text-brand-strong" data-testid="chosen-plan">
            {copy.plan.label} <strong>{plan.name}</strong> · <span>{copy.plan.cycles[plan.cycle]}</span>
          </p>
        ) : null}

        {result?.formError ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
            {result.formError}
          </p>
        ) : null}
        {signedIn ? (
          <p role="status" className="mt-4 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-800">
            {signedIn.message}
          </p>
        ) : null}

        <Form
          key={mode}
          method="post"
          action={link("signup", { mode })}
          noValidate
          onSubmit={onSubmit}
          onChange={onChange}
          className="mt-6 space-y-4"
        >
          <input type="hidden" name="mode" value={mode} />
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
          <Field
            name="email"
            label={copy.fields.email}
            type="email"
            autoComplete="email"
            placeholder={copy.fields.emailPlaceholder}
            defaultValue={values.email}
            error={errors.email}
          />
          {mode === "signup" ? (
            <Field
              name="name"
              label={copy.fields.name}
              type="text"
              autoComplete="name"
              placeholder={copy.fields.namePlaceholder}
              defaultValue={values.name}
              error={errors.name}
            />
          ) : null}
          <Field
            name="password"
            label={copy.fields.password}
            type={passwordType}
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
            placeholder={mode === "signup" ? copy.fields.passwordPlaceholder : copy.fields.currentPasswordPlaceholder}
            error={errors.password}
            addon={toggle}
          />
          {mode === "signup" ? (
            <Field
              name="confirmPassword"
              label={copy.fields.confirmPassword}
              type={passwordType}
              autoComplete="new-password"
              placeholder={copy.fields.confirmPasswordPlaceholder}
              error={errors.confirmPassword}
            />
          ) : null}
          <BotFields />
          <button
            type="submit"
            disabled={submitting || Boolean(signedIn)}
            className="w-full rounded-lg bg-brand px-4 py-3 font-semibold text-white hover:bg-brand-strong focus:outline-none focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-70"
          >
            {submitting ? texts.busy : texts.submit}
          </button>
        </Form>

        <p className="mt-6 text-center text-sm">
          <Link to={link("signup", { mode: other })} className="font-semibold text-brand-strong underline-offset-4 hover:underline">
            {texts.toggle}
          </Link>
        </p>
        <p className="mt-6 text-center text-xs text-slate-600">
          {copy.legal.prefix}{" "}
          <a href={link("terms")} className="underline underline-offset-2 hover:text-slate-900">
            {copy.legal.terms}
          </a>{" "}
          {copy.legal.and}{" "}
          <a href={link("privacy")} className="underline underline-offset-2 hover:text-slate-900">
            {copy.legal.privacy}
          </a>
          .
        </p>
      </div>
      <p className="mt-6 text-center text-sm text-slate-700">
        {copy.assessment.prompt}{" "}
        <a href={link("form")} className="font-semibold text-brand-strong underline underline-offset-4">
          {copy.assessment.link}
        </a>
      </p>
    </div>
  );
}
