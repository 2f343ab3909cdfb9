import { createContext, useContext, type ReactNode } from "react";

// The CSP nonce travels by React context from entry.server, never through loader data.
const NonceContext = createContext<string>("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export const useNonce = () => useContext(NonceContext);
