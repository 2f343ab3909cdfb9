import type { ShownParent } from "~/waves/wave-admin.server";

/** The review's list of parents (place and masked address) at one end of the wave. */
export function ParentList({ title, parents, item }: { title: string; parents: ShownParent[]; item: string }) {
  return (
    <div>
      <h4 className="font-semibold text-slate-900">{title}</h4>
      <ul className="mt-1 space-y-0.5 text-slate-800">
        {parents.map((parent) => (
          <li key={parent.place}>{item.replace("{place}", String(parent.place)).replace("{email}", parent.email)}</li>
        ))}
      </ul>
    </div>
  );
}
