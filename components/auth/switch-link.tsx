import { AppLink } from "@/components/ui/app-link";

/** The line under the login / sign-up form that points to the other one ("No account yet? Sign up"). */
export function AuthSwitchLink({
  prompt,
  href,
  label,
  className = "",
}: {
  prompt: string;
  href: string;
  label: string;
  className?: string;
}) {
  return (
    <p className={`${className} text-center text-sm text-gray-600`.trim()}>
      {prompt}{" "}
      <AppLink
        href={href}
        className="inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-2"
      >
        {label}
      </AppLink>
    </p>
  );
}
