import { ToastContainer } from 'react-toastify';

/** Spec §9: toasts at the top right, closing after 5000 ms. Loaded lazily with the first toast. */
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} newestOnTop pauseOnFocusLoss={false} />;
}
