// Common given names across languages, for recognising "Firstname Lastname" in free text. Names that
// are also ordinary words in a health or lab context (Max, Mark, Will, May, June, Grace, Hope, Iris…)
// are left out, so a marker's or a source's own name is never taken for a person's.
const NAMES = `
aaron abdul abdullah abigail adam adriana ahmed ahmad aisha akira alan albert alejandro alex alexander alexandra
ali alice alicia amanda amelia amir amy ana andrea andreas andrew angela anita anna anne annette anthony antonio
arjun arthur ava barbara beatriz ben benjamin bernd betty beverly brandon brenda brian bruno camila carl carlos
carmen carol caroline catherine charles charlotte chen chloe christian christina christine christopher claire
claudia daniel daniela david deborah debra denise dennis diana diego dmitri donald donna dorothy douglas edward
elena elias elif elisabeth elizabeth ella emily emma eric erik esther ethan eva evelyn fatima felix fernando
florian francesca francisco frank gabriel gabriela gary george gerhard giulia giuseppe gloria greg gregory hana
hannah hans harold harry heather heinz helen helga henry hiroshi hugo ian ingrid isabel isabella ivan jack jacob
james jan jane janet jason javier jean jennifer jeremy jessica jin joan joe johann johanna john jonathan jorge
jose joseph joshua juan judith julia julian juliana julie jun justin karen karin katharina katherine kathleen
kenji kevin kim klaus kyle larry laura lauren leon leonardo li liam linda lisa lucas lucia luis lukas luca
magdalena manuel marco margaret maria marie marina mario martha martin mary matteo matthew mehmet melissa mia
michael michelle miguel mohamed mohammed muhammad nancy natalia natasha nathan nicholas nicole nikolai noah nora
oliver olivia omar oscar pablo pamela patricia patrick paul paula pedro peter petra philip pierre priya rachel
rafael rahul rajesh ralph raymond rebecca richard robert roberto rosa ryan sabine sakura samantha samuel sandra
sara sarah satoshi scott sean sebastian sergei sharon sofia sophia sophie stefan stefanie stephanie stephen steven
susan susanne sven takashi teresa thomas timothy tobias tom tyler ursula valentina vanessa victor victoria vincent
virginia walter wei william wolfgang xavier yan yuki yusuf zachary zoe
`;

export const GIVEN_NAMES: ReadonlySet<string> = new Set(NAMES.split(/\s+/).filter((name) => name !== ''));
