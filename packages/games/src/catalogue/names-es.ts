/**
 * Spanish names of the games' symbols and of the classic games' paying lines, by their English name
 * (the catalogue's own, in themes.ts and games.ts). The game client shows them on Spanish pages (the
 * paytable, the reels' screen-reader label); names.test.ts fails on a catalogue name without one.
 */
export const NAMES_ES: Readonly<Record<string, string>> = {
  // reef
  'Coral Wild': 'Comodín de coral', 'Pearl Scatter': 'Perla dispersa', 'Sand Dollar': 'Dólar de arena',
  Hammerhead: 'Pez martillo', 'Sea Turtle': 'Tortuga marina', Octopus: 'Pulpo', Dolphin: 'Delfín',
  Anchor: 'Ancla', Conch: 'Caracola', Crab: 'Cangrejo', Blowfish: 'Pez globo', Bubble: 'Burbuja',
  // angler
  'Tackle Box Wild': 'Comodín caja de pesca', 'Rod Scatter': 'Caña dispersa', 'Catch Coin': 'Moneda de captura',
  Shark: 'Tiburón', Trout: 'Trucha', Lobster: 'Langosta', Squid: 'Calamar',
  Canoe: 'Canoa', Hook: 'Anzuelo', 'Tropical Fish': 'Pez tropical', Worm: 'Gusano', Boot: 'Bota',
  // space
  'Galaxy Wild': 'Comodín galaxia', 'Comet Scatter': 'Cometa disperso', 'Star Shard': 'Fragmento de estrella',
  Astronaut: 'Astronauta', Rocket: 'Cohete', 'Ringed Planet': 'Planeta con anillos', Satellite: 'Satélite',
  Moon: 'Luna', 'Shooting Star': 'Estrella fugaz', Sun: 'Sol', Asteroid: 'Asteroide', 'Radio Dish': 'Radiotelescopio',
  // myth
  'Storm Crown Wild': 'Comodín corona de tormenta', 'Thunderbolt Scatter': 'Rayo disperso', 'Viking Gold': 'Oro vikingo',
  'Storm King': 'Rey de la tormenta', Mammoth: 'Mamut', 'Frost Wolf': 'Lobo de escarcha', Raven: 'Cuervo',
  Axe: 'Hacha', Shield: 'Escudo', Dagger: 'Daga', Hammer: 'Martillo', 'Crossed Swords': 'Espadas cruzadas',
  // savanna
  'Baobab Wild': 'Comodín baobab', 'Sunset Scatter': 'Atardecer disperso', 'Amber Coin': 'Moneda de ámbar',
  Lion: 'León', Elephant: 'Elefante', Giraffe: 'Jirafa', Zebra: 'Cebra',
  Palm: 'Palmera', Drum: 'Tambor', 'Paw Print': 'Huella', Grass: 'Hierba', Stone: 'Piedra',
  // forest
  'Full Moon Wild': 'Comodín luna llena', 'Campfire Scatter': 'Hoguera dispersa', 'Pine Coin': 'Moneda de pino',
  'Grey Wolf': 'Lobo gris', 'Brown Bear': 'Oso pardo', Stag: 'Ciervo', Fox: 'Zorro',
  Pine: 'Pino', Paw: 'Pata', Feather: 'Pluma', Mushroom: 'Seta', Chestnut: 'Castaña',
  // gems
  'Diamond Wild': 'Comodín diamante', 'Vault Key Scatter': 'Llave de la cámara dispersa', 'Money Bag': 'Saco de dinero',
  Ruby: 'Rubí', Emerald: 'Esmeralda', Sapphire: 'Zafiro', Topaz: 'Topacio',
  Amethyst: 'Amatista', Ring: 'Anillo', 'Crystal Ball': 'Bola de cristal', Crown: 'Corona', Trophy: 'Trofeo',
  // fruit
  'Rainbow Wild': 'Comodín arcoíris', 'Golden Bell Scatter': 'Campana dorada dispersa', 'Lucky Coin': 'Moneda de la suerte',
  Watermelon: 'Sandía', Grapes: 'Uvas', Peach: 'Melocotón', Orange: 'Naranja',
  Lemon: 'Limón', Cherry: 'Cereza', Pear: 'Pera', Apple: 'Manzana', Kiwi: 'Kiwi',
  // dragon
  'Dragon Egg Wild': 'Comodín huevo de dragón', 'Fire Scroll Scatter': 'Pergamino de fuego disperso', 'Jade Coin': 'Moneda de jade',
  'Red Dragon': 'Dragón rojo', Phoenix: 'Fénix', Tiger: 'Tigre', Koi: 'Carpa koi',
  Lantern: 'Farol', Fan: 'Abanico', Firecracker: 'Petardo', 'Coin Purse': 'Monedero', Bamboo: 'Bambú',
  // prairie
  'Canyon Wild': 'Comodín cañón', 'Thunder Scatter': 'Trueno disperso', 'Buffalo Nickel': 'Níquel de búfalo',
  Buffalo: 'Búfalo', Eagle: 'Águila', Rattlesnake: 'Serpiente de cascabel', Mustang: 'Mustang',
  Cactus: 'Cactus', 'Wagon Wheel': 'Rueda de carreta', Mountain: 'Montaña',
  // classic games: symbols
  Blank: 'Vacío',
  'Cherry Seven': 'Siete cereza', 'Plum Seven': 'Siete ciruela', 'Triple Bar': 'Barra triple', 'Double Bar': 'Barra doble', Bar: 'Barra', 'Golden Bell': 'Campana dorada',
  'Ruby Seven': 'Siete rubí', 'Sapphire Seven': 'Siete zafiro', 'Triple Ingot': 'Lingote triple', 'Double Ingot': 'Lingote doble', Ingot: 'Lingote', Garnet: 'Granate', Diamond: 'Diamante',
  'Red Giant Seven': 'Siete gigante roja', 'Blue Dwarf Seven': 'Siete enana azul', 'Triple Orbit': 'Órbita triple', 'Double Orbit': 'Órbita doble', Orbit: 'Órbita', 'Red Moon': 'Luna roja', Supernova: 'Supernova',
  'Flame Seven': 'Siete de llama', 'Frost Seven': 'Siete de escarcha', 'Triple Rune': 'Runa triple', 'Double Rune': 'Runa doble', Rune: 'Runa', 'Mead Mug': 'Jarra de hidromiel', 'Thunder Crown': 'Corona del trueno',
  'Coral Seven': 'Siete de coral', 'Lagoon Seven': 'Siete de laguna', 'Triple Wave': 'Ola triple', 'Double Wave': 'Ola doble', Wave: 'Ola', Clam: 'Almeja',
  'Red Float Seven': 'Siete boya roja', 'Blue Float Seven': 'Siete boya azul', 'Triple Line': 'Sedal triple', 'Double Line': 'Sedal doble', Line: 'Sedal', 'Cherry Bait': 'Cebo de cereza', 'Golden Lure': 'Señuelo dorado',
  'Sunset Seven': 'Siete del atardecer', 'Oasis Seven': 'Siete del oasis', 'Triple Track': 'Huella triple', 'Double Track': 'Huella doble', Track: 'Huella', Marula: 'Marula', 'Lion Crest': 'Blasón del león',
  'Ember Seven': 'Siete de brasa', 'River Seven': 'Siete del río', 'Triple Log': 'Tronco triple', 'Double Log': 'Tronco doble', Log: 'Tronco', Berry: 'Baya', 'Moon Howl': 'Aullido lunar',
  'Jade Seven': 'Siete de jade', 'Pearl Seven': 'Siete de perla', 'Triple Scroll': 'Pergamino triple', 'Double Scroll': 'Pergamino doble', Scroll: 'Pergamino', Lychee: 'Lichi', 'Dragon Eye': 'Ojo de dragón',
  'Sheriff Seven': 'Siete del sheriff', 'Sky Seven': 'Siete del cielo', 'Triple Rail': 'Raíl triple', 'Double Rail': 'Raíl doble', Rail: 'Raíl', 'Prickly Pear': 'Higo chumbo', 'Gold Nugget': 'Pepita de oro',
  // classic games: paying lines
  'Three Wilds': 'Tres comodines', 'Three Red Sevens': 'Tres sietes rojos', 'Three Blue Sevens': 'Tres sietes azules', 'Any Three Sevens': 'Tres sietes cualesquiera',
  'Three Triple Bars': 'Tres barras triples', 'Three Double Bars': 'Tres barras dobles', 'Three Bars': 'Tres barras', 'Any Three Bars': 'Tres barras cualesquiera',
  'Three Cherries': 'Tres cerezas', 'Two Cherries': 'Dos cerezas', 'One Cherry': 'Una cereza',
};

/**
 * A symbol's or a paying line's name in the page's language: the Spanish name on Spanish pages, with a
 * wild's multiplier kept ("Coral Wild ×2" → "Comodín de coral ×2"; a classic game's "<name> Wild ×2" →
 * "Comodín <nombre> ×2"); the English name otherwise or when there is none.
 */
export function localName(name: string, locale: string): string {
  if (!locale.startsWith('es')) return name;
  const [, base = name, multiplier = ''] = /^(.*?)( ×\d+)?$/.exec(name) ?? [];
  const direct = NAMES_ES[base];
  if (direct) return `${direct}${multiplier}`;
  const wild = /^(.+) Wild$/.exec(base);
  if (wild && NAMES_ES[wild[1]!]) return `Comodín ${NAMES_ES[wild[1]!]!.toLowerCase()}${multiplier}`;
  return name;
}
