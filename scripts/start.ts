/** `npm start`: the whole product on this machine, until Ctrl-C. */
import { defaultLocalStackOptions, StartupError, startLocalStack } from "./local-stack.js";

const startedAt = performance.now();
const options = defaultLocalStackOptions();

try {
  const stack = await startLocalStack({ ...options, prettyLogs: true, log: (line) => console.log(`  ${line}`) });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(`
  JengaFund is running (ready in ${seconds} s)

    Web               ${stack.webUrl}
    API               ${stack.apiUrl}
    Daraja simulator  ${stack.simUrl}
    DynamoDB Local    ${stack.dynamoUrl}
    Mail (MailDev)    ${stack.mailUrl}   inbox for password reset emails; REST API under /api
    SMS (Africa's Talking stand-in)  ${stack.smsUrl}  inbox of SMS alerts
    S3 (documents)    ${stack.s3Url}/${stack.documentsBucket}   identity documents (s3-sim), kept in .data/s3
    M-Pesa Paybill    ${stack.paybill} with the simulator

    Dev admin login   ${options.admin.email} / ${options.admin.password}
    Second admin      ${options.secondAdmin.email} / ${options.secondAdmin.password}   approves what the first asks for

  Press Ctrl-C to stop.
`);
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      console.log("\n  Stopping…");
      await stack.stop();
      process.exit(0);
    });
  }
} catch (error) {
  if (error instanceof StartupError) {
    console.error(`\n  Could not start JengaFund: ${error.message}\n`);
  } else {
    console.error("\n  Could not start JengaFund:", error, "\n");
  }
  process.exit(1);
}
