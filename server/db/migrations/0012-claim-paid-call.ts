/**
 * A paid call's claim and reservation as one statement: the ledger row `pending` (one in flight per key, across
 * instances; a dead instance's claim in the way ended as interrupted), the cache read again where other instances
 * may have stored the answer, and the price reserved under the cap. What a refused claim wrote is deleted in the
 * same statement, so it commits whole or leaves only an ended dead claim. docs/decisions/0195.
 */
export const sql = `
CREATE FUNCTION claim_paid_call(
  p_source text, p_key text, p_operation text, p_path text, p_params jsonb, p_price bigint, p_lease_until bigint,
  p_instance text, p_day text, p_at bigint, p_dead_after_ms float8, p_check_cache boolean, p_cap bigint,
  p_interrupted_note text, OUT outcome text, OUT claim_id bigint, OUT spent bigint
) LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger AS l (source, cache_key, operation, path, params, price_micro, lease_until, instance, day, started_at)
  VALUES (p_source, p_key, p_operation, p_path, p_params, p_price, p_lease_until, p_instance, p_day, p_at)
  ON CONFLICT (source, cache_key) WHERE in_flight DO NOTHING RETURNING l.id INTO claim_id;
  IF claim_id IS NULL AND p_dead_after_ms IS NOT NULL THEN
    UPDATE ledger l SET in_flight = false, status = 'interrupted', message = p_interrupted_note, settled_at = p_at
    WHERE l.in_flight AND l.source = p_source AND l.cache_key = p_key AND l.instance <> p_instance
      AND NOT EXISTS (SELECT 1 FROM instance_heartbeats h WHERE h.instance = l.instance
        AND h.beat_at > clock_timestamp() - p_dead_after_ms * interval '1 millisecond');
    IF FOUND THEN
      INSERT INTO ledger AS l (source, cache_key, operation, path, params, price_micro, lease_until, instance, day, started_at)
      VALUES (p_source, p_key, p_operation, p_path, p_params, p_price, p_lease_until, p_instance, p_day, p_at)
      ON CONFLICT (source, cache_key) WHERE in_flight DO NOTHING RETURNING l.id INTO claim_id;
    END IF;
  END IF;
  IF claim_id IS NULL THEN
    outcome := 'elsewhere';
    RETURN;
  END IF;
  IF p_check_cache AND EXISTS (SELECT 1 FROM cache_entries c WHERE c.source = p_source AND c.key = p_key AND c.expires_at > p_at) THEN
    DELETE FROM ledger l WHERE l.id = claim_id;
    claim_id := NULL;
    outcome := 'stored';
    RETURN;
  END IF;
  UPDATE budget b SET spent_micro = b.spent_micro + p_price
  WHERE b.source = p_source AND (p_cap IS NULL OR b.spent_micro + p_price <= p_cap) RETURNING b.spent_micro INTO spent;
  IF NOT FOUND THEN
    -- The source's first paid call creates its row.
    INSERT INTO budget (source, spent_micro) VALUES (p_source, 0) ON CONFLICT (source) DO NOTHING;
    UPDATE budget b SET spent_micro = b.spent_micro + p_price
    WHERE b.source = p_source AND (p_cap IS NULL OR b.spent_micro + p_price <= p_cap) RETURNING b.spent_micro INTO spent;
  END IF;
  IF NOT FOUND THEN
    DELETE FROM ledger l WHERE l.id = claim_id;
    claim_id := NULL;
    SELECT b.spent_micro INTO spent FROM budget b WHERE b.source = p_source;
    outcome := 'over_budget';
    RETURN;
  END IF;
  outcome := 'claimed';
END
$$;
`
