/** The layout settings of the settings panel (spec 2, 9) and their defaults. Kept per browser in localStorage. */
export const DEFAULT_SETTINGS = {
  /** Primary colour of the whole antd theme (ConfigProvider token colorPrimary). */
  themeColor: '#1890ff',
  /** Show the open-page tabs under the top bar. */
  tagsView: true,
  /** Keep the top bar (and tabs) in place while the page scrolls. */
  fixedHeader: false,
  /** Show the logo and product name at the top of the sidebar. */
  sidebarLogo: false,
};

export type Settings = typeof DEFAULT_SETTINGS;
export type SettingKey = keyof Settings;
