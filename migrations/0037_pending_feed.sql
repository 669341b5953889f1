-- Hand-added: the pending lists' feed (server/services/transactions/pending-feed.ts). Whatever
-- changes what a pending list shows tells the feed at commit, from the database itself, so no
-- writer can forget to: a NOTIFY on the event bus's channel, sent only if the change commits, in
-- commit order, to every server process. Two kinds:
--   {"type": "pending-rows", "ids": [...]}      these Pending transactions (or ones that were) may read differently now;
--   {"type": "pending-viewers", "userIds": [...]} these users' whole lists may differ (their window, role, limit, delegations).
-- "ids" or "userIds" null: too many to name (a bulk change), every list is fetched again.
CREATE FUNCTION notify_pending(kind text, ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NOT NULL AND cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_notify('bms_events', json_build_object(
    'type', 'pending-' || kind,
    CASE WHEN kind = 'rows' THEN 'ids' ELSE 'userIds' END,
    CASE WHEN ids IS NULL OR cardinality(ids) > 100 THEN NULL ELSE to_json(ids) END)::text);
END
$$;--> statement-breakpoint
-- The Pending transactions whose row in a pending list reads `changed` transactions ([{id, status,
-- category_id, amount, transaction_date}], before and after a change): the changed ones that are or
-- were Pending, and the Pending ones that name one of them among their possible duplicates (the same
-- category, amount and date, or an attachment of the same content: its status and number are shown).
CREATE FUNCTION pending_rows_reading(changed jsonb) RETURNS uuid[] LANGUAGE sql STABLE AS $$
  WITH c AS (SELECT * FROM jsonb_to_recordset(changed) AS c(id uuid, status text, category_id uuid, amount numeric, transaction_date date))
  SELECT coalesce(array_agg(DISTINCT x.id), '{}') FROM (
    SELECT c.id FROM c WHERE c.status = 'Pending'
    UNION ALL
    SELECT t.id FROM c JOIN transactions t ON t.category_id = c.category_id AND t.amount = c.amount AND t.transaction_date = c.transaction_date
      WHERE t.status = 'Pending'
    UNION ALL
    SELECT mine.transaction_id FROM attachments theirs
      JOIN attachments mine ON mine.content_sha256 = theirs.content_sha256
      JOIN transactions t ON t.id = mine.transaction_id
      WHERE theirs.transaction_id IN (SELECT c.id FROM c) AND t.status = 'Pending'
  ) x
$$;--> statement-breakpoint
CREATE FUNCTION transactions_touch_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := '[]';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF (SELECT count(*) FROM new_rows) > 100 THEN
      PERFORM notify_pending('rows', NULL);
      RETURN NULL;
    END IF;
    changed := changed || (SELECT coalesce(jsonb_agg(jsonb_build_object('id', id, 'status', status, 'category_id', category_id, 'amount', amount, 'transaction_date', transaction_date)), '[]') FROM new_rows);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF (SELECT count(*) FROM old_rows) > 100 THEN
      PERFORM notify_pending('rows', NULL);
      RETURN NULL;
    END IF;
    changed := changed || (SELECT coalesce(jsonb_agg(jsonb_build_object('id', id, 'status', status, 'category_id', category_id, 'amount', amount, 'transaction_date', transaction_date)), '[]') FROM old_rows);
  END IF;
  PERFORM notify_pending('rows', pending_rows_reading(changed));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Attachments: the count on their transaction, and possible duplicates by content.
CREATE FUNCTION attachments_touch_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := '[]';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    changed := changed || (SELECT coalesce(jsonb_agg(jsonb_build_object('transaction_id', transaction_id, 'content_sha256', content_sha256)), '[]') FROM new_rows);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    changed := changed || (SELECT coalesce(jsonb_agg(jsonb_build_object('transaction_id', transaction_id, 'content_sha256', content_sha256)), '[]') FROM old_rows);
  END IF;
  PERFORM notify_pending('rows', (
    WITH c AS (SELECT * FROM jsonb_to_recordset(changed) AS c(transaction_id uuid, content_sha256 text))
    SELECT coalesce(array_agg(DISTINCT x.id), '{}') FROM (
      SELECT t.id FROM transactions t WHERE t.id IN (SELECT c.transaction_id FROM c) AND t.status = 'Pending'
      UNION ALL
      SELECT t.id FROM attachments mine JOIN transactions t ON t.id = mine.transaction_id
        WHERE mine.content_sha256 IN (SELECT c.content_sha256 FROM c) AND t.status = 'Pending'
    ) x));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Approvals: this round's actions (myAction, the SuperAdmin's approval, the moves left).
CREATE FUNCTION approvals_touch_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    ids := ids || array(SELECT transaction_id FROM new_rows);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    ids := ids || array(SELECT transaction_id FROM old_rows);
  END IF;
  PERFORM notify_pending('rows', array(SELECT t.id FROM transactions t WHERE t.id = ANY(ids) AND t.status = 'Pending'));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Categories and parties: their names on the rows.
CREATE FUNCTION categories_touch_pending() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_pending('rows', array(
    SELECT t.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN transactions t ON t.category_id = n.id
    WHERE t.status = 'Pending' AND (n.name, n.is_builtin) IS DISTINCT FROM (o.name, o.is_builtin)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION parties_touch_pending() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_pending('rows', array(
    SELECT t.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN transactions t ON t.party_id = n.id
    WHERE t.status = 'Pending' AND (n.name, n.gstin, n.state_code) IS DISTINCT FROM (o.name, o.gstin, o.state_code)));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Users: a creator's name on their rows, an approver's role in the rounds they acted in; and a
-- viewer's own list whole when what it is read with changes (window, role, limit, being active),
-- theirs and their delegates' (a delegate's standing carries the delegator's authority).
CREATE FUNCTION users_touch_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  viewers uuid[];
BEGIN
  PERFORM notify_pending('rows', array(
    SELECT DISTINCT x.id FROM (
      SELECT t.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN transactions t ON t.created_by = n.id
        WHERE t.status = 'Pending' AND (n.name, n.username) IS DISTINCT FROM (o.name, o.username)
      UNION ALL
      SELECT t.id FROM new_rows n JOIN old_rows o ON o.id = n.id
        JOIN approvals a ON a.approver_id = n.id OR a.on_behalf_of = n.id
        JOIN transactions t ON t.id = a.transaction_id AND t.approval_round = a.round
        WHERE t.status = 'Pending' AND n.role IS DISTINCT FROM o.role
    ) x));
  viewers := array(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.role, n.is_active, n.deleted_at, n.visibility_window_days, n.approval_limit)
      IS DISTINCT FROM (o.role, o.is_active, o.deleted_at, o.visibility_window_days, o.approval_limit));
  IF cardinality(viewers) > 0 THEN
    PERFORM notify_pending('viewers', viewers || array(SELECT d.delegate_id FROM delegations d WHERE d.delegator_id = ANY(viewers)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Delegations: the delegate's standing.
CREATE FUNCTION delegations_touch_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    ids := ids || array(SELECT delegate_id FROM new_rows);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    ids := ids || array(SELECT delegate_id FROM old_rows);
  END IF;
  PERFORM notify_pending('viewers', array(SELECT DISTINCT unnest(ids)));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Transition tables name one event per trigger. ALWAYS, as answers_changed: a change made with
-- triggers set aside still reaches the lists.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['transactions', 'attachments', 'approvals', 'delegations'] LOOP
    EXECUTE format('CREATE TRIGGER touch_pending_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t, t || '_touch_pending');
    EXECUTE format('CREATE TRIGGER touch_pending_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t, t || '_touch_pending');
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER touch_pending_insert', t);
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER touch_pending_delete', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['transactions', 'attachments', 'approvals', 'delegations', 'categories', 'parties', 'users'] LOOP
    EXECUTE format('CREATE TRIGGER touch_pending_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t, t || '_touch_pending');
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER touch_pending_update', t);
  END LOOP;
END
$$;
