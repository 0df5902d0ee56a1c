import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { SCREENING_DECISIONS, STAFF_HOLDING_TRANSACTION_KINDS } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity.describe';

/*
 * Every audit action the server writes on a record has a sentence in the record's activity, not its raw
 * key. The actions are collected from the source (recordAudit calls and the helpers that build their
 * action names), so a new action without a sentence fails here.
 */

const ROOT = join(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const literals = (text: string) =>
  [...text.matchAll(/['`]([a-z_]+(?:\.[a-z_]+)?)['`]/g)].map((match) => match[1] ?? '');

/** The prefixes a module's audit helper puts before a name: action: `opportunity.${action}`. */
const prefixesOf = (text: string) =>
  [...text.matchAll(/action: `([a-z_.]*)\$\{action\}`/g)].map((match) => match[1] ?? '');

/**
 * The action names a file writes. `prefixes` are those of its module's audit helpers, which may live in
 * another file of the module (investment-transactions/shared.ts serves payments.ts, refunds.ts, …).
 */
function actionsOf(text: string, prefixes: readonly string[]): string[] {
  const found: string[] = [];
  // recordAudit(…, { action: 'a.b' | cond ? 'a.b' : 'a.c', subjectType … })
  for (const match of text.matchAll(/action:([\s\S]*?)subjectType/g))
    found.push(...literals(match[1] ?? '').filter((name) => name.includes('.')));
  // helpers that prefix a name: action: `opportunity.${action}` with audit(tx, actor, id, 'share_price_added')
  if (prefixes.length > 0) {
    const names = [
      ...[...text.matchAll(/(?:audit|auditBoth)\(tx, actor, (?:[\w.]+, )?([^\n]*?), [\w{]/g)].flatMap(
        (match) => literals(match[1] ?? ''),
      ),
      ...(text.includes('`holding_${input.kind}_added`')
        ? STAFF_HOLDING_TRANSACTION_KINDS.map((kind) => `holding_${kind}_added`)
        : []),
    ].filter((name) => !name.includes('.'));
    for (const prefix of prefixes) found.push(...names.map((name) => `${prefix}${name}`));
  }
  // record services: `${auditType}.created` etc. for every auditType the file names
  for (const match of text.matchAll(/auditType: '([a-z_]+)'/g))
    found.push(...['created', 'updated', 'deleted'].map((verb) => `${match[1]}.${verb}`));
  if (text.includes('action: `screening.${decision}`'))
    found.push(...SCREENING_DECISIONS.map((decision) => `screening.${decision}`));
  // the demo's own audit rows
  for (const match of text.matchAll(/this\.log\([^,]+, '([a-z_]+\.[a-z_]+)'/g)) found.push(match[1] ?? '');
  return found;
}

/** Subjects with no activity timeline (settings and staff accounts): their actions are in the audit log only. */
const NOT_A_RECORD = new Set([
  'attribute',
  'branding',
  'compliance_question',
  'compliance_settings',
  'features',
  'gadget',
  'industry',
  'investment_category',
  'investment_character',
  'investment_sub_type',
  'investment_type',
  'kpi',
  'kpi_category',
  'lead_status',
  'notification',
  'pipeline',
  'staff',
]);

const fallback = (action: string) =>
  action.replace(/[._]/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase());

describe('activity sentences', () => {
  const files = sources(ROOT);
  const actions = new Map<string, string>();
  const modulePrefixes = new Map<string, string[]>();
  for (const file of files)
    modulePrefixes.set(dirname(file), [
      ...(modulePrefixes.get(dirname(file)) ?? []),
      ...prefixesOf(readFileSync(file, 'utf8')),
    ]);
  for (const file of files)
    for (const action of actionsOf(readFileSync(file, 'utf8'), modulePrefixes.get(dirname(file)) ?? []))
      if (!actions.has(action)) actions.set(action, relative(ROOT, file));

  it('finds the actions the code writes, the investing ones among them', () => {
    expect(actions.size).toBeGreaterThan(100);
    for (const action of [
      'opportunity.investment_reserved',
      'investor.investment_withdrawn',
      'opportunity.share_price_added',
      'opportunity.holding_dividend_added',
      'investor.investment_refunded',
      'opportunity.investment_paid',
      'screening.referred',
      'contact.created',
    ])
      expect(actions.has(action), action).toBe(true);
  });

  it('has a sentence for every action written on a record', () => {
    const missing = [...actions]
      .filter(([action]) => !NOT_A_RECORD.has(action.split('.')[0] ?? ''))
      .filter(([action]) => describeActivity(action, {}, {}) === fallback(action))
      .map(([action, file]) => `${action} (${file})`)
      .sort();
    expect(missing).toEqual([]);
  });
});
