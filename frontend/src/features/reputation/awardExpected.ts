import { createAction } from '@reduxjs/toolkit';

/**
 * The agent's own action just succeeded and the reputation awarder answers it on the event bus (a listing
 * added or edited, a connection accepted): the reputation listeners ask for its notification soon. The
 * mutation that knows this dispatches it, so the listeners need not load every feature's endpoints.
 */
export const awardExpected = createAction('reputation/awardExpected');
