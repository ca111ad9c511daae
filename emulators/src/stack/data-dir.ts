/** Where `npm start` keeps its state, relative to the repository (ENCORE_DATA_DIR moves it). */
export const DATA_DIR = '.encore-data';
/**
 * In a data folder started with `--empty`: its local project admin (email, password, second
 * factor number). Its presence is what keeps later starts of that folder empty (start-mode.ts).
 */
export const LOCAL_ADMIN_FILE = 'local-admin.json';
