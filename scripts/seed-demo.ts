import { seedDemo } from "../src/server/seed/demo.ts";
import { withDatabase } from "./lib/with-database.ts";

withDatabase({ internalPath: "seed-demo", body: {}, direct: seedDemo })
  .then(({ result, via }) => {
    console.log(`Demo content is in place (via ${via}):`, result);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
