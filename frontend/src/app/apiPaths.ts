/** API paths more than one module asks for (the feature APIs, and boot.ts before the app has loaded). */
export const agentPath = (id: string) => `api/agents/${encodeURIComponent(id)}`;
export const agencyPath = (id: string) => `api/agencies/${encodeURIComponent(id)}`;
