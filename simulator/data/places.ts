/** Real places on every inhabited continent: where the simulator's videos are recorded. */
import type { LanguageCode } from '#contract/index.ts'

type Continent = 'Africa' | 'Asia' | 'Europe' | 'North America' | 'South America' | 'Oceania'

export type Place = {
  name: string
  lat: number
  lng: number
  regionCode: string
  continent: Continent
  /** The language local channels write and caption in. */
  lang: LanguageCode
  /** Neighbourhoods and landmarks, for titles. */
  areas: readonly string[]
  /** Relative share of the dataset's videos; Western Europe is dense so a 1000 km search reaches the ~500 cap. */
  weight: number
}

const p = (
  name: string,
  lat: number,
  lng: number,
  regionCode: string,
  continent: Continent,
  lang: LanguageCode,
  weight: number,
  areas: string[],
): Place => ({ name, lat, lng, regionCode, continent, lang, weight, areas })

export const PLACES: readonly Place[] = [
  // Europe
  p('Paris', 48.8566, 2.3522, 'FR', 'Europe', 'fr', 80, [
    'Le Marais',
    'Montmartre',
    'Saint-Germain-des-Prés',
    'Belleville',
    'Canal Saint-Martin',
    'La Défense',
  ]),
  p('London', 51.5074, -0.1278, 'GB', 'Europe', 'en', 70, [
    'Shoreditch',
    'Camden Town',
    'Southbank',
    'Notting Hill',
    'Brixton',
    'Canary Wharf',
  ]),
  p('Brussels', 50.8503, 4.3517, 'BE', 'Europe', 'fr', 40, [
    'Grand-Place',
    'Ixelles',
    'Saint-Gilles',
    'Atomium',
  ]),
  p('Amsterdam', 52.3676, 4.9041, 'NL', 'Europe', 'nl', 45, ['Jordaan', 'De Pijp', 'Noord', 'Vondelpark']),
  p('Berlin', 52.52, 13.405, 'DE', 'Europe', 'de', 50, [
    'Kreuzberg',
    'Mitte',
    'Prenzlauer Berg',
    'Tempelhofer Feld',
  ]),
  p('Frankfurt', 50.1109, 8.6821, 'DE', 'Europe', 'de', 35, [
    'Sachsenhausen',
    'Römerberg',
    'Bahnhofsviertel',
  ]),
  p('Munich', 48.1351, 11.582, 'DE', 'Europe', 'de', 35, ['Schwabing', 'Marienplatz', 'Englischer Garten']),
  p('Zurich', 47.3769, 8.5417, 'CH', 'Europe', 'de', 30, ['Altstadt', 'Kreis 5', 'Lake Zurich']),
  p('Milan', 45.4642, 9.19, 'IT', 'Europe', 'it', 25, ['Navigli', 'Brera', 'Porta Nuova']),
  p('Copenhagen', 55.6761, 12.5683, 'DK', 'Europe', 'da', 20, ['Nyhavn', 'Nørrebro', 'Christiania']),
  p('Prague', 50.0755, 14.4378, 'CZ', 'Europe', 'cs', 20, ['Malá Strana', 'Žižkov', 'Vinohrady']),
  p('Edinburgh', 55.9533, -3.1883, 'GB', 'Europe', 'en', 20, ['Old Town', 'Leith', "Arthur's Seat"]),
  p('Dublin', 53.3498, -6.2603, 'IE', 'Europe', 'en', 20, ['Temple Bar', 'Portobello', 'Howth']),
  p('Madrid', 40.4168, -3.7038, 'ES', 'Europe', 'es', 20, ['Malasaña', 'Lavapiés', 'El Retiro']),
  p('Rome', 41.9028, 12.4964, 'IT', 'Europe', 'it', 15, ['Trastevere', 'Monti', 'Testaccio']),
  p('Lisbon', 38.7223, -9.1393, 'PT', 'Europe', 'pt-PT', 12, ['Alfama', 'Bairro Alto', 'Belém']),
  p('Stockholm', 59.3293, 18.0686, 'SE', 'Europe', 'sv', 10, ['Södermalm', 'Gamla stan', 'Djurgården']),
  p('Warsaw', 52.2297, 21.0122, 'PL', 'Europe', 'pl', 10, ['Praga', 'Śródmieście', 'Powiśle']),
  p('Istanbul', 41.0082, 28.9784, 'TR', 'Europe', 'tr', 12, ['Kadıköy', 'Beyoğlu', 'Balat']),
  p('Reykjavík', 64.1466, -21.9426, 'IS', 'Europe', 'is', 5, ['Laugavegur', 'Grandi', 'Hallgrímskirkja']),
  p('Kyiv', 50.4501, 30.5234, 'UA', 'Europe', 'uk', 6, ['Podil', 'Khreshchatyk', 'Obolon']),
  p('Athens', 37.9838, 23.7275, 'GR', 'Europe', 'el', 6, ['Plaka', 'Exarchia', 'Piraeus']),
  // Africa
  p('Nairobi', -1.2921, 36.8219, 'KE', 'Africa', 'sw', 14, [
    'Westlands',
    'Kibera',
    'Karen',
    'Nairobi National Park',
  ]),
  p('Cairo', 30.0444, 31.2357, 'EG', 'Africa', 'ar', 14, ['Zamalek', 'Khan el-Khalili', 'Giza', 'Maadi']),
  p('Lagos', 6.5244, 3.3792, 'NG', 'Africa', 'en', 12, ['Victoria Island', 'Yaba', 'Lekki', 'Surulere']),
  p('Accra', 5.6037, -0.187, 'GH', 'Africa', 'en', 6, ['Osu', 'Jamestown', 'East Legon']),
  p('Addis Ababa', 8.9806, 38.7578, 'ET', 'Africa', 'am', 6, ['Piassa', 'Bole', 'Merkato']),
  p('Johannesburg', -26.2041, 28.0473, 'ZA', 'Africa', 'en', 8, ['Maboneng', 'Soweto', 'Braamfontein']),
  p('Cape Town', -33.9249, 18.4241, 'ZA', 'Africa', 'af', 8, ['Bo-Kaap', 'Woodstock', 'Table Mountain']),
  p('Casablanca', 33.5731, -7.5898, 'MA', 'Africa', 'ar', 6, ['Corniche', 'Habous', 'Maarif']),
  // Asia
  p('Tokyo', 35.6762, 139.6503, 'JP', 'Asia', 'ja', 30, [
    'Shibuya',
    'Shinjuku',
    'Asakusa',
    'Shimokitazawa',
    'Akihabara',
  ]),
  p('Osaka', 34.6937, 135.5023, 'JP', 'Asia', 'ja', 10, ['Dōtonbori', 'Namba', 'Shinsekai']),
  p('Seoul', 37.5665, 126.978, 'KR', 'Asia', 'ko', 15, ['Hongdae', 'Gangnam', 'Bukchon', 'Itaewon']),
  p('Shanghai', 31.2304, 121.4737, 'CN', 'Asia', 'zh-CN', 12, ['The Bund', 'Lujiazui', 'Tianzifang']),
  p('Hong Kong', 22.3193, 114.1694, 'HK', 'Asia', 'zh-HK', 10, ['Mong Kok', 'Sheung Wan', 'Victoria Peak']),
  p('Taipei', 25.033, 121.5654, 'TW', 'Asia', 'zh-TW', 8, ['Ximending', 'Da’an', 'Shilin Night Market']),
  p('Mumbai', 19.076, 72.8777, 'IN', 'Asia', 'hi', 15, ['Bandra', 'Colaba', 'Dharavi', 'Marine Drive']),
  p('Delhi', 28.7041, 77.1025, 'IN', 'Asia', 'hi', 10, ['Chandni Chowk', 'Hauz Khas', 'Connaught Place']),
  p('Bangkok', 13.7563, 100.5018, 'TH', 'Asia', 'th', 10, ['Sukhumvit', 'Chinatown', 'Khao San Road']),
  p('Jakarta', -6.2088, 106.8456, 'ID', 'Asia', 'id', 8, ['Kota Tua', 'Menteng', 'Kemang']),
  p('Manila', 14.5995, 120.9842, 'PH', 'Asia', 'fil', 6, ['Intramuros', 'Binondo', 'Makati']),
  p('Hanoi', 21.0278, 105.8342, 'VN', 'Asia', 'vi', 6, ['Old Quarter', 'Hoàn Kiếm Lake', 'Tây Hồ']),
  p('Dubai', 25.2048, 55.2708, 'AE', 'Asia', 'ar', 8, ['Deira', 'Al Fahidi', 'Dubai Marina']),
  p('Tehran', 35.6892, 51.389, 'IR', 'Asia', 'fa', 8, ['Tajrish', 'Grand Bazaar', 'Darband']),
  p('Tel Aviv', 32.0853, 34.7818, 'IL', 'Asia', 'iw', 8, ['Jaffa', 'Florentin', 'Carmel Market']),
  p('Karachi', 24.8607, 67.0011, 'PK', 'Asia', 'ur', 6, ['Clifton', 'Saddar', 'Empress Market']),
  p('Singapore', 1.3521, 103.8198, 'SG', 'Asia', 'en', 8, ['Chinatown', 'Kampong Glam', 'Marina Bay']),
  // North America
  p('New York', 40.7128, -74.006, 'US', 'North America', 'en', 35, [
    'Williamsburg',
    'Harlem',
    'Lower East Side',
    'Flushing',
    'Times Square',
  ]),
  p('Los Angeles', 34.0522, -118.2437, 'US', 'North America', 'en', 15, [
    'Venice Beach',
    'Koreatown',
    'Echo Park',
    'Hollywood',
  ]),
  p('Chicago', 41.8781, -87.6298, 'US', 'North America', 'en', 10, ['Pilsen', 'Wicker Park', 'The Loop']),
  p('Mexico City', 19.4326, -99.1332, 'MX', 'North America', 'es-419', 15, [
    'Coyoacán',
    'Roma Norte',
    'Xochimilco',
    'Centro Histórico',
  ]),
  p('Toronto', 43.6532, -79.3832, 'CA', 'North America', 'en', 10, [
    'Kensington Market',
    'Distillery District',
    'Scarborough',
  ]),
  p('Montréal', 45.5017, -73.5673, 'CA', 'North America', 'fr-CA', 8, [
    'Plateau-Mont-Royal',
    'Mile End',
    'Vieux-Montréal',
  ]),
  p('Vancouver', 49.2827, -123.1207, 'CA', 'North America', 'en', 6, [
    'Gastown',
    'Kitsilano',
    'Stanley Park',
  ]),
  p('Havana', 23.1136, -82.3666, 'CU', 'North America', 'es', 5, ['Habana Vieja', 'Vedado', 'Malecón']),
  // South America
  p('São Paulo', -23.5558, -46.6396, 'BR', 'South America', 'pt', 15, [
    'Vila Madalena',
    'Liberdade',
    'Avenida Paulista',
    'Pinheiros',
  ]),
  p('Rio de Janeiro', -22.9068, -43.1729, 'BR', 'South America', 'pt', 10, [
    'Copacabana',
    'Santa Teresa',
    'Lapa',
  ]),
  p('Buenos Aires', -34.6037, -58.3816, 'AR', 'South America', 'es-419', 12, [
    'San Telmo',
    'Palermo',
    'La Boca',
  ]),
  p('Lima', -12.0464, -77.0428, 'PE', 'South America', 'es-419', 6, [
    'Miraflores',
    'Barranco',
    'Centro de Lima',
  ]),
  p('Bogotá', 4.711, -74.0721, 'CO', 'South America', 'es-419', 6, ['La Candelaria', 'Chapinero', 'Usaquén']),
  p('Santiago', -33.4489, -70.6693, 'CL', 'South America', 'es-419', 6, [
    'Lastarria',
    'Bellavista',
    'Providencia',
  ]),
  // Oceania
  p('Sydney', -33.8688, 151.2093, 'AU', 'Oceania', 'en', 15, [
    'Bondi',
    'Newtown',
    'Circular Quay',
    'Parramatta',
  ]),
  p('Melbourne', -37.8136, 144.9631, 'AU', 'Oceania', 'en', 10, ['Fitzroy', 'St Kilda', 'Brunswick']),
  p('Auckland', -36.8485, 174.7633, 'NZ', 'Oceania', 'en', 6, ['Ponsonby', 'Devonport', 'Waiheke Island']),
  p('Perth', -31.9505, 115.8605, 'AU', 'Oceania', 'en', 4, ['Fremantle', 'Northbridge', 'Kings Park']),
]

export function placeNamed(name: string): Place {
  const place = PLACES.find((pl) => pl.name === name)
  if (!place) throw new Error(`No simulator place named ${name}`)
  return place
}
