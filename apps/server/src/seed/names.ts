/** A small seeded random source, so every run generates the same people. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    chance: (probability: number) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

export type Random = ReturnType<typeof seededRandom>;

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

const FIRST_NAMES = list(`
  Olivia, Amelia, Isla, Ava, Mia, Ivy, Lily, Isabella, Rosie, Sophia, Grace, Freya, Willow, Florence,
  Emily, Ella, Poppy, Evie, Elsie, Charlotte, Evelyn, Sienna, Sofia, Daisy, Phoebe, Alice, Matilda, Harper,
  Ruby, Emilia, Hannah, Chloe, Sarah, Laura, Megan, Rachel, Fiona, Priya, Aisha, Fatima, Mei, Yuki, Ana,
  Lucia, Camille, Ingrid, Noor, Zara, Allison, Madison, Noah, Oliver, George, Arthur, Muhammad, Leo, Harry,
  Oscar, Archie, Henry, Theodore, Freddie, Jack, Charlie, Thomas, James, William, Daniel, Samuel, Joseph,
  David, Michael, Benjamin, Lucas, Alexander, Edward, Hugo, Finley, Max, Ethan, Adam, Ryan, Matthew,
  Andrew, Peter, Simon, Paul, Mark, Richard, Stephen, Rahul, Arjun, Omar, Hassan, Kenji, Wei, Mateo, Lars,
  Pierre, Tomasz, Kwame, Jason, Tyson
`);

const LAST_NAMES = list(`
  Smith, Jones, Taylor, Brown, Williams, Wilson, Johnson, Davies, Robinson, Wright, Thompson, Evans,
  Walker, White, Roberts, Green, Hall, Wood, Jackson, Clarke, Patel, Khan, Lewis, James, Phillips, Mason,
  Mitchell, Rose, Davis, Rodriguez, Cox, Alexander, Garden, Campbell, Johnston, Moore, Smyth, O'Neill,
  Doherty, Stewart, Quinn, Murphy, Graham, McLaughlin, Hamilton, Murray, Hughes, Robertson, Thomson, Scott,
  Macdonald, Reid, Clark, Ross, Young, Watson, Paterson, Morrison, Anderson, Harrison, Nelson, Carson,
  Dawson, Gibson, Hudson, Emerson, Fletcher, Bennett, Carter, Whitaker, Okafor, Mensah, Nakamura, Tanaka,
  Chen, Wang, Li, Zhang, Singh, Sharma, Gupta, Ahmed, Ali, Hussain, Kowalski, Nowak, Müller, Schmidt,
  Fischer, Rossi, Russo, Ferrari, García, Martínez, López, Dubois, Laurent, Moreau, Jansen, de Vries, Berg,
  Lindqvist, Novak, Silva, Santos
`);

const DOMAINS = list(`
  gmail.com, outlook.com, yahoo.co.uk, hotmail.com, icloud.com, proton.me, btinternet.com, fastmail.com,
  example.com, example.org
`);

const STAFF_DOMAINS = ['portico.test', 'portico-capital.test', 'partners.portico.test'] as const;

/** "Amélie O'Neill" → "amelie.oneill" */
function emailPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** Reserved for examples (RFC 2606): no mail sent to them can reach anyone. */
export const EXAMPLE_DOMAINS = ['example.com', 'example.org', 'example.net'] as const;

/**
 * Realistic names and addresses; every address is unique (a number is added to repeats). `domains`
 * replaces the mix of public mail providers people's addresses are at (the demo data uses
 * EXAMPLE_DOMAINS, so its emails can never reach a real mailbox).
 */
export function createPeople(random: Random, domains: readonly string[] = DOMAINS) {
  const used = new Map<string, number>();
  return (staff: boolean) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const name = random.chance(0.08) ? `${first} ${random.pick(FIRST_NAMES)} ${last}` : `${first} ${last}`;
    const domain = random.pick(staff ? STAFF_DOMAINS : domains);
    const local = random.chance(0.15)
      ? `${emailPart(first).charAt(0)}${emailPart(last)}`
      : `${emailPart(first)}.${emailPart(last)}`;
    const base = `${local}@${domain}`;
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    return { name, email: seen === 0 ? base : `${local}${seen + 1}@${domain}` };
  };
}
