import { ToastContainer } from 'react-toastify';

/**
 * Spec §9: toasts at the top right, closing after 5000 ms. Loaded lazily with the first toast. They start
 * below the 4 rem header: over it they covered "Add Property", and a pointer resting on a toast keeps it
 * open (pause on hover), so the button stayed covered.
 */
export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      newestOnTop
      pauseOnFocusLoss={false}
      style={{ top: 'calc(4rem + 0.75rem)' }}
    />
  );
}
