// Ids are UUIDs. A path id of any other shape is simply not found (404): it must never reach a
// uuid comparison in SQL, where PostgreSQL would refuse it.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string): boolean => UUID.test(id);
