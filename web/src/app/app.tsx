import { BrowserRouter } from "react-router-dom";
import { AppProvider } from "./provider";
import { AppRoutes } from "./router";

/** main.tsx loads a stored session's first screen before the first render. */
export { preloadFirstScreen } from "./router";

export function App() {
  return (
    <BrowserRouter>
      <AppProvider>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  );
}
