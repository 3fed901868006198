import { endpoint } from '../endpoint.js';
import {
  markReadBody,
  markReadResult,
  notificationListQuery,
  notificationPage,
  notificationParams,
  notificationRow,
  notifyPrefsBody,
  notifyPrefsView,
  unreadCount,
} from './schemas.js';
import { announcementBanner, announcementParams, myAnnouncementPage, myAnnouncementQuery } from '../notice/announcements.js';
import { emptyData } from '../user/schemas.js';

const tags = ['msg'] as const;

/** A user's notifications and their preferences (/msg/notification-list, the bell, the profile; issue 22; docs/api.md "Messages"). */
export const endpoints = {
  notifications: endpoint({
    method: 'GET',
    path: '/msg/notifications',
    access: 'msg',
    query: notificationListQuery,
    response: notificationPage,
    tags,
    summary: "The user's notifications, newest first, filtered by kind, status, read or unread, time and box or company",
  }),
  unread: endpoint({
    method: 'GET',
    path: '/msg/notifications/unread',
    access: 'msg',
    response: unreadCount,
    tags,
    summary: "How many of the user's notifications are unread (the bell's count)",
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/msg/notifications/read',
    access: 'msg',
    body: markReadBody,
    response: markReadResult,
    tags,
    summary: 'Marks some notifications read, or all of them',
  }),
  acknowledge: endpoint({
    method: 'POST',
    path: '/msg/notifications/:id/ack',
    access: 'msg',
    params: notificationParams,
    response: notificationRow,
    tags,
    summary: 'Acknowledges a notification: it is read and its repeats stop',
  }),
  preferences: endpoint({
    method: 'GET',
    path: '/msg/preferences',
    access: 'msg',
    response: notifyPrefsView,
    tags,
    summary: "The user's notification preferences (root's defaults until they choose)",
  }),
  savePreferences: endpoint({
    method: 'PUT',
    path: '/msg/preferences',
    access: 'msg',
    body: notifyPrefsBody,
    response: notifyPrefsView,
    tags,
    summary: 'Saves the user’s own preferences, or follows root’s defaults again',
  }),
  myAnnouncements: endpoint({
    method: 'GET',
    path: '/msg/announcements',
    access: 'msg',
    query: myAnnouncementQuery,
    response: myAnnouncementPage,
    tags,
    summary: 'The announcements for the user: super top, then top, then newest; none withdrawn or expired',
  }),
  announcementBanner: endpoint({
    method: 'GET',
    path: '/msg/announcements/banner',
    access: 'msg',
    response: announcementBanner,
    tags,
    summary: 'The newest super-top announcement the user has not read, shown as a banner until read',
  }),
  readAnnouncement: endpoint({
    method: 'POST',
    path: '/msg/announcements/:id/read',
    access: 'msg',
    params: announcementParams,
    response: emptyData,
    tags,
    summary: 'Marks an announcement read for the user',
  }),
};
