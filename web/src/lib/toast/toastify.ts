/**
 * react-toastify with its styles and ours (toaster.css): the chunk `toast.ts` loads the first time the app shows a
 * toast, so that no page downloads and runs it before it has anything to say.
 */
import "react-toastify/dist/ReactToastify.css";
import "./toaster.css";

export { ToastContainer, toast } from "react-toastify";
