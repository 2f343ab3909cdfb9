export function ProgressBar({ label, completeLabel, percent }: { label: string; completeLabel: string; percent: number }) {
  return (
    <div>
      <div className="flex justify-between text-sm font-medium text-slate-700">
        <span>{label}</span>
        <span>{completeLabel}</span>
      </div>
      <div
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={`h-full rounded-full bg-brand ${percent >= 100 ? "w-full" : percent >= 66 ? "w-2/3" : "w-1/3"}`} />
      </div>
    </div>
  );
}
