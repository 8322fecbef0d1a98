import { render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { AppProvider } from "../src/app/provider";
import { AppRoutes } from "../src/app/router";

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

/** The whole app at `path`, with the current pathname exposed for redirect assertions. */
export function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider>
        <AppRoutes />
        <CurrentPath />
      </AppProvider>
    </MemoryRouter>,
  );
}
