export function LogoMark({ letter, size = "md" }: { letter: string; size?: "md" | "lg" }) {
  const box = size === "lg" ? "h-14 w-14 text-2xl" : "h-9 w-9 text-lg";
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex items-center justify-center rounded-xl bg-brand font-extrabold text-white`}
    >
      {letter}
    </span>
  );
}
