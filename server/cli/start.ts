// npm start: build the client if its sources changed, then run the server (production mode unless NODE_ENV says otherwise).
import { buildIfStale } from "./build.ts";

process.env.NODE_ENV ??= "production";
await buildIfStale();
const { main } = await import("../index.ts");
await main();
