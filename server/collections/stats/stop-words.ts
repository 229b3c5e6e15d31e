/**
 * Small stop lists for the main caption languages (docs/decisions/0145-corpus-statistics-and-exports.md): articles,
 * pronouns, auxiliaries, prepositions and conjunctions only, so content words are never hidden. Other languages
 * have none: their words are all counted.
 */
const LISTS: Record<string, string> = {
  en: `a an the and or but if so as of at by for from in into on onto to with about than then there here this that
    these those it its i me my we us our you your he him his she her they them their what which who whom whose
    is are was were be been being am do does did done have has had having will would shall should can could may
    might must not no nor too very just also s t don didn doesn isn wasn aren weren won can't don't it's i'm
    you're we're they're that's there's i've i'll i'd let's oh uh um yeah`,
  es: `el la los las un una unos unas y o u pero si no de del al a en con por para sin sobre entre que quien cual
    cuyo este esta estos estas ese esa esos esas eso esto lo le les me te se nos os mi mis tu tus su sus yo tú él
    ella ellos ellas nosotros vosotros usted ustedes es son era eran fue fueron ser estar está están hay ha han he
    como más muy ya también`,
  fr: `le la les l un une des du de d et ou mais si ne pas que qui quoi dont où à au aux en dans par pour sur
    sous avec sans ce cet cette ces c ça il elle ils elles je j tu nous vous on me m te t se s lui leur leurs mon
    ma mes ton ta tes son sa ses notre nos votre vos est sont était été être avoir a ai as ont avait y plus très
    n qu jusqu lorsqu puisqu quoiqu`,
  de: `der die das den dem des ein eine einer eines einem einen und oder aber wenn dass ob nicht kein keine zu
    von vom mit bei aus nach seit für auf an am im in um über unter ist sind war waren sein haben hat hatte wird
    werden ich du er sie es wir ihr mich mir dich dir uns euch sich mein dein sein ihr unser auch noch so sehr ja`,
  pt: `o a os as um uma uns umas e ou mas se não de do da dos das em no na nos nas por pelo pela para com sem
    sobre entre que quem qual este esta estes estas esse essa isso isto eu tu ele ela nós vós eles elas me te
    lhe nos vos meu minha seu sua é são era foi ser estar está estão há tem muito mais também já`,
  it: `il lo la i gli le un uno una e o ma se non di del della dei delle a al alla ai da dal in nel nella con
    su per tra fra che chi cui questo questa questi queste quello quella io tu lui lei noi voi loro mi ti si ci
    vi ne è sono era erano essere avere ha hanno ho molto più anche già l d c m n s t v un all dall dell nell sull
    coll quell quest`,
}

const SETS = new Map(Object.entries(LISTS).map(([lang, words]) => [lang, new Set(words.split(/\s+/))]))

/** The stop list of a caption language (`en-GB` → en), or undefined when there is none. */
export function stopWordsFor(lang: string): ReadonlySet<string> | undefined {
  return SETS.get(lang.toLowerCase().split(/[-_]/)[0] ?? '')
}
