/**
 * Function words that carry no content when comparing an answer with the expected answer (German and
 * English, lower case, ß as ss). Negation words are NOT here: they are handled by `negation.ts`.
 */
export const stopwords = new Set(
  `aber alle allem allen aller alles als also am an ander andere anderen anderer anderes auch auf aus bei beim
  bin bis bist bzw da dabei dadurch dafur dafür dagegen daher damit dann daran darauf daraus darf darfst darin
  darum das dass dasselbe dazu dein deine deinem deinen deiner dem den denen denn der deren des dessen dich die
  dies diese diesem diesen dieser dieses dir doch dort du durch eben ein eine einem einen einer eines einige
  einigen einiger einiges einmal er es etwa etwas euch euer eure fur für ganz gar gegen gewesen hab habe haben
  hat hatte hatten hier hin hinter ich ihm ihn ihnen ihr ihre ihrem ihren ihrer ihres im in indem ins ist ja
  je jede jedem jeden jeder jedes jedoch jene jenem jenen jener jenes jetzt kann kannst konnen können konnte
  könnte man manche manchem manchen mancher manches mein meine meinem meinen meiner mich mir mit muss musst
  musste mussen müssen nach nachdem nun nur ob oder ohne sehr sein seine seinem seinen seiner seit sich sie
  sind so solche solchem solchen solcher soll sollen sollst sollte sondern sonst sowie sowohl uber über um und
  uns unser unsere unter usw viel vom von vor wahrend während war waren warst was weil weiter welche welchem
  welchen welcher welches wenn wer werde werden wie wieder will wir wird wirst wo wollen wollte wurde wurden
  würde würden zu zum zur zwar zwischen z b bzw ggf evtl
  a an and are as at be been by can do does for from has have how i if in into is it its of on or so such that
  the their them then there these they this to was we were what when where which while who will with would
  you your`
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/ß/g, 'ss')),
);
