import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library only cleans up by itself when the runner exposes a global afterEach; ours does not.
afterEach(cleanup);

// findBy… and waitFor give up after 1 s by default: on a 2-core machine running every suite at once, a first render
// of a Chakra table can take longer than that, and the first render of a file (its lazy routes loading while the other
// suites run) has taken over 5 s. Waiting longer never makes a wrong screen pass; the test's own limit is 15 s.
configure({ asyncUtilTimeout: 10_000 });
