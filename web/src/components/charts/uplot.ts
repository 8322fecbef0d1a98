/**
 * uPlot and its stylesheet, imported only from here and this module loaded only by `time-series-chart.tsx` with a
 * dynamic import: the build puts the library in one chunk of its own that only the screens drawing a chart fetch.
 */
import "uplot/dist/uPlot.min.css";
import uPlot from "uplot";

export { uPlot };
