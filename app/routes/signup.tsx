import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { Eye, EyeOff } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { getPage } from "#content/index";
import type { SignupContent } from "#content/schemas/signup";
import { GENERIC_AUTH_ERROR } from "~/auth/auth";
import { signupConfirmUrl } from "~/auth/auth.server";
import { mailAccountOwner } from "~/auth/account-exists.server";
import { clientIp, limitSignIn, limitSignUp } from "~/auth/rate-limit.server";
import { BotFields } from "~/components/BotFields";
import { botFields, checkBot } from "~/platform/bot-guard.server";
import { turnstileRefusal } from "~/platform/turnstile.server";
import { chosenPlan, signupAuth } from "~/signup/signup.server";
import { checkSignup, parseMode, type SignupErrors, type SignupMode } from "~/signup/validation";
import { signupValidator } from "~/signup/validation.server";
import { getRequestContext } from "~/utils/context.server";
import { pageMeta } from "~/utils/seo";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { useLinkTo } from "~/utils/root-data";
import { useHydrated } from "~/utils/use-hydrated";
import { commitSession, getSession, getVariantValues, setAuthenticated, setVariantValues } from "~/utils/session.server";

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
  const formData = await request.formData();
  const mode = parseMode(formData.get("mode") ?? ctx.url.searchParams.get("mode"));
  const copy = getPage(ctx.contentKey, "signup");
  const confirmPage = linkTo(ctx.variant, "signup-confirm");

  // Bots (docs/decisions/011-bot-guard.md) get what a person would: a sign-in is "wrong e-mail or
  // password", a sign-up goes to the check-your-e-mail page; no account, no e-mail. Sign-in checks
  // the honeypot only: a password manager fills it in a second, and its own limits stop guessing.
  const signup = mode === "signup";
  const guard = await checkBot(ctx, formData, { minFill: signup, requireStamp: signup, turnstile: true });
  if (guard.kind === "bot") {
    if (mode === "signin") return data({ mode, formError: GENERIC_AUTH_ERROR }, { status: 400 });
    return redirect(confirmPage, { headers: { "Set-Cookie": await commitSession(session, ctx) } });
  }
  const bot = guard.fields;
  if (guard.kind === "stale") return data({ mode, formError: guard.message, bot }, { status: 422 });

  const result = await signupValidator(mode, copy.messages).validate(formData);
  if (result.error) {
    // Never echo passwords back into the page: the e-mail and name only, and the form's stamp.
    const { email, name } = result.submittedData as { email?: unknown; name?: unknown };
    const repopulate = { email: typeof email === "string" ? email : "", name: typeof name === "string" ? name : "" };
    return data({ mode, fieldErrors: result.error.fieldErrors as SignupErrors, repopulate, bot }, { status: 422 });
  }
  const input = result.data;
  const refused = await turnstileRefusal(ctx, request, formData);
  if (refused) return data({ mode, formError: refused.message, bot }, { status: refused.status });

  const attempt = { ip: clientIp(request), email: input.email };
  const limited =
    input.mode === "signin"
      ? await limitSignIn(ctx.bindings, attempt)
      : await limitSignUp(ctx.bindings, attempt, copy.messages.tooManySignUps);
  if (!limited.ok) return data({ mode, formError: limited.message, bot }, { status: limited.status });

  const auth = signupAuth(request, ctx, session);
  const withCookies = async () => {
    const headers = new Headers(auth.responseHeaders);
    headers.append("Set-Cookie", await commitSession(session, ctx));
    return headers;
  };

  try {
    if (input.mode === "signin") {
      const signedIn = await auth.signIn({ email: input.email, password: input.password });
      if (!signedIn.ok) {
        return data({ mode, formError: signedIn.message || GENERIC_AUTH_ERROR, bot }, { status: 400, headers: auth.responseHeaders });
      }
      setVariantValues(session, ctx.variant, { userEmail: signedIn.user.email });
      setAuthenticated(session, true);
      // With JavaScript the page shows the green message for a second first (SPEC 4.4).
      if (formData.get("js") === "1") {
        return data(
          { mode, signedIn: true as const, message: copy.messages.signInSuccess, next: confirmPage },
          { headers: await withCookies() },
        );
      }
      return redirect(confirmPage, { headers: await withCookies() });
    }

    const values = getVariantValues(session, ctx.variant);
    const created = await auth.signUp({
      email: input.email,
      password: input.password,
      name: input.name,
      plan: chosenPlan(ctx, session)?.id ?? null,
      leadId: values.leadId ?? null,
      redirectTo: signupConfirmUrl(ctx),
    });
    if (!created.ok) {
      return data({ mode, formError: created.message || GENERIC_AUTH_ERROR, bot }, { status: 400, headers: auth.responseHeaders });
    }
    // A taken address gets the very answer a new account gets (same page, same cookies, no message),
    // so the form tells nobody who has an account; its owner is told by e-mail instead.
    if ("existingAccount" in created) await mailAccountOwner(ctx, created.existingAccount);
    setVariantValues(session, ctx.variant, { userEmail: input.email });
    return redirect(confirmPage, { headers: await withCookies() });
  } catch (error) {
    console.error(`${mode} failed`, error);
    return data({ mode, formError: GENERIC_AUTH_ERROR, bot }, { status: 503 });
  }
}

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-600";

type FieldProps = {
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  placeholder: string;
  error?: string;
  defaultValue?: string;
  /** A control shown inside the input's right edge (the show/hide button). */
  addon?: React.ReactNode;
};

/** A labelled input with its validation message under it (SPEC 5). */
function Field({ name, label, type, autoComplete, placeholder, error, defaultValue, addon }: FieldProps) {
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={addon ? `${inputClass} pr-11` : inputClass}
        />
        {addon}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function PasswordToggle({ shown, onToggle, copy }: { shown: boolean; onToggle: () => void; copy: SignupContent["fields"] }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={shown}
      aria-label={shown ? copy.hidePassword : copy.showPassword}
      className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand"
    >
      {shown ? <EyeOff aria-hidden="true" className="h-5 w-5" /> : <Eye aria-hidden="true" className="h-5 w-5" />}
    </button>
  );
}

type ActionResult = {
  mode: SignupMode;
  formError?: string;
  fieldErrors?: SignupErrors;
  repopulate?: { email: string; name: string };
  signedIn?: true;
  message?: string;
  next?: string;
};

export default function Signup() {
  const { mode, copy, email, plan } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
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
