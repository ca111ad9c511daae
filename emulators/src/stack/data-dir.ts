/** Where `npm start` keeps its state, relative to the repository (ENCORE_DATA_DIR moves it). */
export const DATA_DIR = '.encore-data';
