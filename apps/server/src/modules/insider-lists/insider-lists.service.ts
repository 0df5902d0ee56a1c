import {
  INSIDER_HEADER_LABELS,
  INSIDER_LIST_COLUMNS,
  PERMANENT_INCLUDED_LABEL,
  formatInsiderTime,
  type InsiderEntry,
  type InsiderList,
  type InsiderListIndex,
  type InsiderListSummary,
  type FieldErrors,
  type addInsiderEntryInputSchema,
  type insiderEntryVersionInputSchema,
  type openInsiderListInputSchema,
} from '@portico/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation, violatedCheck } from '../../db/errors';
import {
  insiderListEntries,
  insiderLists,
  type InsiderListEntryRow,
  type InsiderListRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound, validationError } from '../../platform/http/errors';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import { workerTaskRef } from '../../platform/workers/worker-task';
import type { insiderListXlsxTask } from './insider-list-xlsx';
import { derivedInsiders, type DerivedInsiderRow } from './insider-lists.derived';
import {
  currentEntries,
  entryOfPerson,
  entryVersions,
  findList,
  latestVersion,
  listSummaries,
  people,
  searchPeople,
  searchSubjects,
  subjectName,
  subjectOf,
  type EntryWithAuthor,
  type PersonRow,
  type Subject,
} from './insider-lists.repository';

type OpenInput = z.output<typeof openInsiderListInputSchema>;
type AddInput = z.output<typeof addInsiderEntryInputSchema>;
type VersionInput = z.output<typeof insiderEntryVersionInputSchema>;

// exceljs loads on the worker threads only.
const xlsxTask = workerTaskRef<typeof insiderListXlsxTask>(
  new URL('./insider-list-xlsx.ts', import.meta.url),
  'insiderListXlsxTask',
);

const NO_LIST = 'There is no insider list for this deal or opportunity: open one first.';
const NO_ENTRY = 'No insider list entry with that id.';
const INVESTOR_ROLE = 5;
/** Older times are typing mistakes (and year 0 is no date in PostgreSQL). */
const EARLIEST = new Date('1900-01-01T00:00:00Z');
/** A time typed in the browser may run a little ahead of the server's clock. */
const CLOCK_SLACK_MS = 5 * 60_000;

const TEXT_FIELDS = [
  'first_names',
  'surnames',
  'birth_surnames',
  'professional_phones',
  'company_name_address',
  'function_reason',
  'national_id',
  'personal_phones',
  'personal_address',
] as const;

/** "Ada Mary Lovelace" → first names "Ada Mary", surname "Lovelace". */
function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/);
  const last = parts.length > 1 ? (parts.pop() ?? '') : '';
  return { first: parts.join(' ') || name.trim(), last: last || name.trim() };
}

const joinNonEmpty = (parts: Array<string | null>, separator = ', ') =>
  parts.filter((part): part is string => part !== null && part.trim() !== '').join(separator) || null;

/** What the platform holds of a person's template fields: names for staff; more from an investor's profile. */
function personFields(person: PersonRow) {
  const split = splitName(person.name);
  const investor = person.role_id === INVESTOR_ROLE;
  return {
    first_names: person.first_name?.trim() || split.first,
    surnames: person.last_name?.trim() || split.last,
    personal_phones: investor ? person.phone : null,
    company_name_address: investor ? person.trading_name : null,
    date_of_birth: investor ? person.date_of_birth : null,
    national_id: investor ? person.ni_number : null,
    personal_address: investor
      ? joinNonEmpty([
          person.address_line_1,
          person.address_line_2,
          person.city,
          person.postcode,
          person.country,
        ])
      : null,
  };
}

function toEntry(row: EntryWithAuthor): InsiderEntry {
  return {
    entry_id: row.entry_id,
    version: row.version,
    source: 'manual',
    person_kind: row.user_id !== null ? 'staff' : row.investor_id !== null ? 'investor' : 'other',
    user_id: row.user_id,
    investor_id: row.investor_id,
    sounding_id: null,
    first_names: row.first_names,
    surnames: row.surnames,
    birth_surnames: row.birth_surnames,
    professional_phones: row.professional_phones,
    company_name_address: row.company_name_address,
    function_reason: row.function_reason,
    obtained_at: toApiTimestamp(row.obtained_at),
    ceased_at: toApiTimestampOrNull(row.ceased_at),
    date_of_birth: row.date_of_birth,
    national_id: row.national_id,
    personal_phones: row.personal_phones,
    personal_address: row.personal_address,
    created_by:
      row.created_by === null ? null : { id: row.created_by, name: row.created_by_name ?? 'Deleted user' },
    created_at: toApiTimestamp(row.created_at),
  };
}

function derivedEntry(row: DerivedInsiderRow, person: PersonRow | undefined): InsiderEntry {
  const fields = person
    ? personFields(person)
    : {
        first_names: 'Deleted',
        surnames: 'investor',
        personal_phones: null,
        company_name_address: null,
        date_of_birth: null,
        national_id: null,
        personal_address: null,
      };
  return {
    entry_id: null,
    version: null,
    source: 'sounding',
    person_kind: 'investor',
    user_id: null,
    investor_id: row.investor_id,
    sounding_id: row.sounding_id,
    ...fields,
    birth_surnames: null,
    professional_phones: null,
    function_reason: `Sounded investor: accepted the market sounding of ${formatInsiderTime(
      toApiTimestamp(row.accepted_at),
    )} and received inside information (MAR Art. 11).`,
    obtained_at: toApiTimestamp(row.accepted_at),
    ceased_at: toApiTimestampOrNull(row.cleansed_at),
    created_by: null,
    created_at: toApiTimestamp(row.accepted_at),
  };
}

/** The audit snapshot of a version: every field but the person's identity numbers in full. */
const snapshot = (row: InsiderListEntryRow) => ({
  entry_id: row.entry_id,
  version: row.version,
  user_id: row.user_id,
  investor_id: row.investor_id,
  first_names: row.first_names,
  surnames: row.surnames,
  function_reason: row.function_reason,
  obtained_at: toApiTimestamp(row.obtained_at),
  ceased_at: toApiTimestampOrNull(row.ceased_at),
});

const byObtained = (a: InsiderEntry, b: InsiderEntry) =>
  a.obtained_at.localeCompare(b.obtained_at) ||
  a.surnames.localeCompare(b.surnames) ||
  (a.entry_id ?? 0) - (b.entry_id ?? 0);

/** The newest of API timestamps (they sort as text); null when there are none. */
const latestOf = (first: string | null, others: ReadonlyArray<string | null>): string | null =>
  [first, ...others]
    .filter((value): value is string => value !== null)
    .sort()
    .at(-1) ?? null;

const subjectColumns = (subject: Subject) => ({
  deal_id: subject.type === 'deal' ? subject.id : null,
  opportunity_id: subject.type === 'opportunity' ? subject.id : null,
  permanent: subject.type === 'permanent',
});

/** MAR Art. 18 insider lists (issue 21): per deal or opportunity and the permanent section, versioned. */
export function createInsiderListsService(ctx: AppContext) {
  const { db } = ctx;

  /** The list's current entries: the manual ones and, on a deal's or opportunity's, its sounded investors. */
  async function entriesOf(list: InsiderListRow): Promise<InsiderEntry[]> {
    const manual = await currentEntries(db, list.id);
    const subject = subjectOf(list);
    const overridden = new Set(manual.map((row) => row.investor_id).filter((id) => id !== null));
    const derived =
      subject.type === 'permanent'
        ? []
        : (await derivedInsiders(db, subject)).filter((row) => !overridden.has(row.investor_id));
    const persons = new Map(
      (
        await people(
          db,
          derived.map((row) => row.investor_id),
        )
      ).map((person) => [person.id, person]),
    );
    return [
      ...manual.map(toEntry),
      ...derived.map((row) => derivedEntry(row, persons.get(row.investor_id))),
    ].sort(byObtained);
  }

  async function loadList(subject: Subject): Promise<InsiderListRow> {
    const list = await findList(db, subject);
    if (!list) throw notFound(NO_LIST);
    return list;
  }

  /** The permanent section comes into being with its first entry. */
  async function listForEntry(tx: DbOrTx, actor: Actor, subject: Subject): Promise<InsiderListRow> {
    const list = await findList(tx, subject);
    if (list) return list;
    if (subject.type !== 'permanent') throw notFound(NO_LIST);
    const [created] = await tx
      .insert(insiderLists)
      .values({ permanent: true, created_by: actor.userId })
      .onConflictDoNothing()
      .returning();
    const row = created ?? (await findList(tx, subject));
    if (!row) throw new Error('the permanent insider list could not be created');
    if (created)
      await recordAudit(tx, actor, {
        action: 'insider_list.opened',
        subjectType: 'insider_list',
        subjectId: created.id,
        after: { permanent: true },
      });
    return row;
  }

  function checkTimes(
    errors: FieldErrors,
    fields: { obtained_at: Date; ceased_at: Date | null; date_of_birth: string | null },
  ) {
    const now = ctx.clock.now().getTime();
    if (fields.obtained_at < EARLIEST)
      errors.obtained_at = ['The obtained date and time must be after 1 January 1900.'];
    else if (fields.obtained_at.getTime() > now + CLOCK_SLACK_MS)
      errors.obtained_at = ['The obtained date and time cannot be in the future.'];
    if (fields.ceased_at !== null) {
      if (fields.ceased_at.getTime() > now + CLOCK_SLACK_MS)
        errors.ceased_at = ['The ceased date and time cannot be in the future.'];
      else if (fields.ceased_at < fields.obtained_at)
        errors.ceased_at = ['Access cannot cease before it was obtained.'];
    }
    if (fields.date_of_birth !== null && fields.date_of_birth > ctx.clock.today())
      errors.date_of_birth = ['The date of birth cannot be in the future.'];
    else if (fields.date_of_birth !== null && fields.date_of_birth < '1900-01-01')
      errors.date_of_birth = ['The date of birth must be after 1 January 1900.'];
  }

  async function summaryOfPermanent(): Promise<InsiderListSummary> {
    const rows = await listSummaries(db);
    const row = rows.find((candidate) => candidate.list.permanent);
    return {
      type: 'permanent',
      id: 0,
      name: 'Permanent insiders',
      created_at: toApiTimestampOrNull(row?.list.created_at),
      insiders_count: row?.current ?? 0,
      last_update_at: toApiTimestampOrNull(row?.last_entry_at),
    };
  }

  async function show(subject: Subject): Promise<InsiderList> {
    const list = subject.type === 'permanent' ? await findList(db, subject) : await loadList(subject);
    const name = (await subjectName(db, subject)) ?? '';
    const entries = list ? await entriesOf(list) : [];
    const changes = entries.flatMap((entry) =>
      entry.source === 'sounding' && entry.ceased_at
        ? [entry.created_at, entry.ceased_at]
        : [entry.created_at],
    );
    const created = toApiTimestampOrNull(list?.created_at);
    return {
      type: subject.type,
      id: subject.id,
      name,
      created_at: toApiTimestampOrNull(list?.created_at),
      last_update_at: latestOf(created, changes),
      transmitted_at: null,
      entries,
    };
  }

  return {
    /** GET /api/insider-lists: every deal's and opportunity's list, and the permanent section. */
    async index(): Promise<InsiderListIndex> {
      const rows = await listSummaries(db);
      const lists: InsiderListSummary[] = [];
      for (const row of rows) {
        const subject = subjectOf(row.list);
        if (subject.type === 'permanent') continue;
        // sounded investors count as insiders until the sounding is cleansed
        const overridden = new Set(
          (await currentEntries(db, row.list.id))
            .map((entry) => entry.investor_id)
            .filter((id) => id !== null),
        );
        const all = (await derivedInsiders(db, subject)).filter(
          (insider) => !overridden.has(insider.investor_id),
        );
        const derived = all.filter((insider) => insider.cleansed_at === null);
        lists.push({
          type: subject.type,
          id: subject.id,
          name: row.name,
          created_at: toApiTimestamp(row.list.created_at),
          insiders_count: row.current + derived.length,
          last_update_at: latestOf(
            toApiTimestamp(row.last_entry_at ?? row.list.created_at),
            all.flatMap((insider) => [insider.accepted_at, insider.cleansed_at]).map(toApiTimestampOrNull),
          ),
        });
      }
      return { lists, permanent: await summaryOfPermanent() };
    },

    /** POST /api/insider-lists: open a deal's or opportunity's list; the inside information is identified now. */
    async open(actor: Actor, input: OpenInput): Promise<InsiderListSummary> {
      const given = [input.deal_id, input.opportunity_id].filter((id) => id !== undefined);
      if (given.length !== 1)
        throw fieldError('deal_id', 'Choose a deal or an opportunity (one of deal_id or opportunity_id).');
      const subject: Subject =
        input.deal_id !== undefined
          ? { type: 'deal', id: input.deal_id }
          : { type: 'opportunity', id: input.opportunity_id ?? 0 };
      const field = subject.type === 'deal' ? 'deal_id' : 'opportunity_id';
      const name = await subjectName(db, subject);
      if (name === undefined) throw fieldError(field, `The selected ${subject.type} does not exist.`);
      const taken = `This ${subject.type} already has an insider list.`;
      const list = await db
        .transaction(async (tx) => {
          if (await findList(tx, subject)) throw fieldError(field, taken);
          const [row] = await tx
            .insert(insiderLists)
            .values({ ...subjectColumns(subject), created_by: actor.userId })
            .returning();
          if (!row) throw new Error('insider_lists insert returned no row');
          await recordAudit(tx, actor, {
            action: 'insider_list.opened',
            subjectType: 'insider_list',
            subjectId: row.id,
            after: { [field]: subject.id, name },
          });
          return row;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw fieldError(field, taken);
          throw error;
        });
      return {
        type: subject.type,
        id: subject.id,
        name,
        created_at: toApiTimestamp(list.created_at),
        insiders_count: 0,
        last_update_at: toApiTimestamp(list.created_at),
      };
    },

    /** GET /api/insider-lists/{list}/{id}: the header times and the current entries. */
    show,

    /** POST /api/insider-lists/{list}/{id}/entries: a person added to the list (version 1 of their entry). */
    async addEntry(actor: Actor, subject: Subject, input: AddInput): Promise<InsiderEntry> {
      const errors: FieldErrors = {};
      if (input.user_id !== undefined && input.investor_id !== undefined)
        errors.investor_id = ['Choose a staff member or an investor, not both.'];
      const personId = input.user_id ?? input.investor_id;
      const [person] = personId === undefined ? [] : await people(db, [personId]);
      if (input.user_id !== undefined && (!person || person.role_id === INVESTOR_ROLE))
        errors.user_id = ['The selected staff member does not exist.'];
      if (input.investor_id !== undefined && (!person || person.role_id !== INVESTOR_ROLE))
        errors.investor_id = ['The selected investor does not exist.'];
      const known = person ? personFields(person) : undefined;
      const first_names = input.first_names ?? known?.first_names;
      const surnames = input.surnames ?? known?.surnames;
      if (!first_names) errors.first_names = ['The first names field is required.'];
      if (!surnames) errors.surnames = ['The surnames field is required.'];
      const values = {
        birth_surnames: input.birth_surnames ?? null,
        professional_phones: input.professional_phones ?? null,
        company_name_address: input.company_name_address ?? known?.company_name_address ?? null,
        function_reason: input.function_reason,
        obtained_at: new Date(input.obtained_at),
        ceased_at: input.ceased_at ? new Date(input.ceased_at) : null,
        date_of_birth: input.date_of_birth ?? known?.date_of_birth ?? null,
        national_id: input.national_id ?? known?.national_id ?? null,
        personal_phones: input.personal_phones ?? known?.personal_phones ?? null,
        personal_address: input.personal_address ?? known?.personal_address ?? null,
      };
      checkTimes(errors, values);
      if (Object.keys(errors).length > 0 || !first_names || !surnames) throw validationError(errors);

      const onList = () =>
        fieldError(
          input.user_id !== undefined ? 'user_id' : 'investor_id',
          'This person is already on the list: amend their entry instead.',
        );
      const row = await db
        .transaction(async (tx) => {
          const list = await listForEntry(tx, actor, subject);
          if (await entryOfPerson(tx, list.id, input)) throw onList();
          const [inserted] = await tx
            .insert(insiderListEntries)
            .values({
              list_id: list.id,
              ...subjectColumns(subject),
              user_id: input.user_id ?? null,
              investor_id: input.investor_id ?? null,
              first_names,
              surnames,
              ...values,
              created_by: actor.userId,
            })
            .returning();
          if (!inserted) throw new Error('insider_list_entries insert returned no row');
          await recordAudit(tx, actor, {
            action: 'insider_list.entry_added',
            subjectType: 'insider_list',
            subjectId: list.id,
            after: snapshot(inserted),
          });
          return inserted;
        })
        .catch((error: unknown) => {
          // the same person added twice at once: the unique index keeps one
          if (isUniqueViolation(error)) throw onList();
          throw error;
        });
      const [entry] = await entryVersions(db, row.entry_id);
      if (!entry) throw new Error('the entry just added is missing');
      return toEntry(entry);
    },

    /** POST /api/insider-lists/entries/{entry_id}/versions: an amendment or the end of access, as a new version. */
    async addVersion(actor: Actor, entryId: number, input: VersionInput): Promise<InsiderEntry> {
      const current = await latestVersion(db, entryId);
      if (!current) throw notFound(NO_ENTRY);
      const next = {
        first_names: current.first_names,
        surnames: current.surnames,
        birth_surnames: current.birth_surnames,
        professional_phones: current.professional_phones,
        company_name_address: current.company_name_address,
        function_reason: current.function_reason,
        national_id: current.national_id,
        personal_phones: current.personal_phones,
        personal_address: current.personal_address,
        obtained_at: input.obtained_at === undefined ? current.obtained_at : new Date(input.obtained_at),
        ceased_at:
          input.ceased_at === undefined
            ? current.ceased_at
            : input.ceased_at === null
              ? null
              : new Date(input.ceased_at),
        date_of_birth: input.date_of_birth === undefined ? current.date_of_birth : input.date_of_birth,
      };
      for (const field of TEXT_FIELDS) {
        const value = input[field];
        if (value !== undefined) next[field] = value as string;
      }
      const changed =
        TEXT_FIELDS.some((field) => next[field] !== current[field]) ||
        next.obtained_at.getTime() !== current.obtained_at.getTime() ||
        (next.ceased_at?.getTime() ?? null) !== (current.ceased_at?.getTime() ?? null) ||
        next.date_of_birth !== current.date_of_birth;
      if (!changed) throw fieldError('entry', 'Nothing changed: this is the entry as it stands.');
      const errors: FieldErrors = {};
      checkTimes(errors, next);
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const ceasing = current.ceased_at === null && next.ceased_at !== null;

      const row = await db
        .transaction(async (tx) => {
          const [inserted] = await tx
            .insert(insiderListEntries)
            .values({
              entry_id: current.entry_id,
              version: current.version + 1,
              list_id: current.list_id,
              deal_id: current.deal_id,
              opportunity_id: current.opportunity_id,
              permanent: current.permanent,
              user_id: current.user_id,
              investor_id: current.investor_id,
              ...next,
              created_by: actor.userId,
            })
            .returning();
          if (!inserted) throw new Error('insider_list_entries insert returned no row');
          await recordAudit(tx, actor, {
            action: ceasing ? 'insider_list.entry_ceased' : 'insider_list.entry_amended',
            subjectType: 'insider_list',
            subjectId: current.list_id,
            before: snapshot(current),
            after: snapshot(inserted),
          });
          return inserted;
        })
        .catch((error: unknown) => {
          // another version was written meanwhile: the person reloads and decides again
          if (isUniqueViolation(error) || violatedCheck(error) === 'insider_list_entries_next_version')
            throw fieldError('entry', 'This entry was changed meanwhile: reload it and try again.');
          throw error;
        });
      const versions = await entryVersions(db, row.entry_id);
      const latest = versions.at(-1);
      if (!latest) throw new Error('the version just added is missing');
      return toEntry(latest);
    },

    /** GET /api/insider-lists/entries/{entry_id}/versions: the entry's history, oldest first. */
    async versions(entryId: number): Promise<InsiderEntry[]> {
      const rows = await entryVersions(db, entryId);
      if (rows.length === 0) throw notFound(NO_ENTRY);
      return rows.map(toEntry);
    },

    /** GET /api/insider-lists/{list}/{id}/export.xlsx: the list in the template's layout, written on a worker. */
    async exportXlsx(subject: Subject) {
      const list = await show(subject);
      const permanent = subject.type === 'permanent';
      const headings = INSIDER_LIST_COLUMNS.map((column) =>
        permanent && column.key === 'obtained_at' ? PERMANENT_INCLUDED_LABEL : column.label,
      );
      const rows = list.entries.map((entry) =>
        INSIDER_LIST_COLUMNS.map((column) => {
          const value = entry[column.key];
          return column.key === 'obtained_at' || column.key === 'ceased_at'
            ? formatInsiderTime(value)
            : (value ?? '');
        }),
      );
      const file = await ctx.workers.run(xlsxTask, {
        title: permanent
          ? 'Insider list: permanent insiders section'
          : `Insider list: section related to ${list.name}`,
        header: [
          [
            permanent ? INSIDER_HEADER_LABELS.permanent_created_at : INSIDER_HEADER_LABELS.created_at,
            formatInsiderTime(list.created_at),
          ],
          [INSIDER_HEADER_LABELS.last_update_at, formatInsiderTime(list.last_update_at)],
          [INSIDER_HEADER_LABELS.transmitted_at, formatInsiderTime(list.transmitted_at)],
        ],
        headings,
        rows,
        sheetName: permanent ? 'Permanent insiders' : 'Insider list',
      });
      const stamp = ctx.clock.today();
      const base = permanent ? 'permanent-insiders' : `insider-list-${subject.type}-${subject.id}`;
      return {
        body: Buffer.from(file.buffer, file.byteOffset, file.byteLength),
        filename: `${base}-${stamp}.xlsx`,
      };
    },

    /** GET /api/insider-lists/people: staff or investors to add, by name or email. */
    people: (kind: 'staff' | 'investor', search: string) => searchPeople(db, kind, search, 20),

    /** GET /api/insider-lists/subjects: deals and opportunities without a list yet. */
    subjects: (search: string) => searchSubjects(db, search, 20),
  };
}

export type InsiderListsService = ReturnType<typeof createInsiderListsService>;
