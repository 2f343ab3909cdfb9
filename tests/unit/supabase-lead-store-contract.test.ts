import { createSupabaseFactStore } from "~/data/supabase/fact-store.server";
import { createSupabaseLeadStore } from "~/data/supabase/lead-store.server";
import { leadStoreContract } from "./helpers/lead-store-contract";
import { startPgliteRest } from "./helpers/pglite-postgrest";

leadStoreContract("Supabase (supabase-js on PGlite PostgREST)", async () => {
  const rest = await startPgliteRest();
  return { store: createSupabaseLeadStore(rest), facts: createSupabaseFactStore(rest), reset: rest.reset, dispose: rest.close };
});
