import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore The build exists only after `npm run build`.
import * as build from "./build/server";
// A type only: importing the app's modules here would bundle a second copy of them beside the build's.
import type { WorkerEntry } from "./app/entry.server";

// fetch, queue and scheduled come from the build's entry module (app/worker.server.ts), so the
// Worker holds one copy of the app.
const serverBuild = build as unknown as ServerBuild;
const { createWorker } = serverBuild.entry.module as unknown as WorkerEntry;

export default createWorker(createRequestHandler(serverBuild));
