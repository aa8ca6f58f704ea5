import type { BrandOptionalHandler, Handler } from '../context';
import * as auth from './auth';
import * as boxes from './boxes';
import * as accountSessions from './account-sessions';
import * as contactChange from './contact-change';
import * as chat from '../chat';
import * as documents from './documents';
import { uploadAvatar } from './avatar';
import * as games from './games';
import * as push from '../push';
import { getGameUrl } from './game-launch';
import { authorizeChannel } from './broadcasting';
import * as player from './player';
import * as profile from './profile';
import * as personal from '../personal-data';
import * as rg from './responsible-gaming';
import * as rewards from './rewards';
import * as promotions from './promotions';
import * as secondFactor from './second-factor';
import * as site from './site';
import { launchSport } from './sports';
import * as wallet from './wallet';
import { markAllNotificationsRead, markNotificationRead } from '../notifications';

/** Implementations by operationId of openapi/openapi.yaml. */
export const handlers: Record<string, Handler> = {
  getGeoIp: site.getGeoIp,
  listCategories: site.listCategories,
  listBanners: site.listBanners,
  listProviders: site.listProviders,
  getContentPage: site.getContentPage,
  loginWithGoogle: auth.loginWithGoogle,
  validateCpf: auth.validateCpf,
  login: auth.login,
  getMe: auth.getMe,
  register: auth.register,
  updateUser: auth.updateUser,
  logout: auth.logout,
  recoverPassword: auth.recoverPassword,
  verifyRecoveryCode: auth.verifyRecoveryCode,
  resetPassword: auth.resetPassword,
  verifyEmail: auth.verifyEmail,
  verifyPhone: auth.verifyPhone,
  requestPasswordChange: auth.requestPasswordChange,
  verifySecondFactor: secondFactor.verifySecondFactor,
  startSecondFactorEnrolment: secondFactor.startSecondFactorEnrolment,
  confirmSecondFactorEnrolment: secondFactor.confirmSecondFactorEnrolment,
  completeRegulatedProfile: secondFactor.completeRegulatedProfileHandler,
  listAccountSessions: accountSessions.listAccountSessions,
  revokeOtherAccountSessions: accountSessions.revokeOtherAccountSessions,
  revokeAccountSession: accountSessions.revokeAccountSession,
  requestEmailChange: contactChange.requestEmailChange,
  confirmEmailChange: contactChange.confirmEmailChange,
  requestPhoneChange: contactChange.requestPhoneChange,
  confirmPhoneChange: contactChange.confirmPhoneChange,
  getProfile: profile.getProfile,
  updateProfileSettings: profile.updateProfileSettings,
  updateName: profile.updateName,
  updateLanguage: profile.updateLanguage,
  getLanguage: profile.getLanguage,
  getPersonalData: personal.getPersonalData,
  toggleHideMetrics: personal.toggleHideMetrics,
  showProfile: personal.showProfile,
  getWallet: player.getWallet,
  listRecentGames: games.listRecentGames,
  listGames: games.listGames,
  listHomeGames: games.listHomeGames,
  listFeaturedGames: games.listFeaturedGames,
  listFavoriteGames: games.listFavoriteGames,
  toggleFavorite: games.toggleFavorite,
  toggleLike: games.toggleLike,
  getGame: games.getGame,
  listRelatedGames: games.listRelatedGames,
  listRankingLevels: player.listRankingLevels,
  listNotifications: player.listNotifications,
  markNotificationRead,
  markAllNotificationsRead,
  authorizeChannel,
  createPixDeposit: wallet.createPixDeposit,
  consultTransactionStatus: wallet.consultTransactionStatus,
  cancelWithdrawal: wallet.cancelWithdrawal,
  listWithdrawMethods: wallet.listWithdrawMethods,
  selectWithdrawMethod: wallet.selectWithdrawMethod,
  createPixAddress: wallet.createPixAddress,
  requestWithdrawal: wallet.requestWithdrawal,
  listTransactions: wallet.listTransactions,
  listWalletBets: wallet.listWalletBets,
  listWalletBonuses: wallet.listWalletBonuses,
  getGameUrl,
  launchSport,
  getPushKey: push.getPushKey,
  subscribePush: push.subscribePush,
  unsubscribePush: push.unsubscribePush,
  listChatMessages: chat.listChatMessages,
  postChatMessage: chat.postChatMessage,
  uploadChatAttachment: chat.uploadChatAttachment,
  getResponsibleGaming: rg.getResponsibleGaming,
  setResponsibleLimit: rg.setResponsibleLimit,
  setRealityCheck: rg.setRealityCheck,
  getSessionSummary: rg.getSessionSummary,
  startSelfExclusion: rg.startSelfExclusionHandler,
  removeSelfExclusion: rg.removeSelfExclusion,
  uploadDocument: documents.uploadDocument,
  getDocumentStatus: documents.getDocumentStatus,
  cancelDocument: documents.cancelDocument,
  uploadAvatar,
  listBoxes: boxes.listBoxes,
  getBoxPrizes: boxes.getBoxPrizes,
  listUserBoxes: boxes.listUserBoxes,
  listUserPrizes: boxes.listUserPrizes,
  buyBox: boxes.buyBox,
  openBox: boxes.openBox,
  sellBox: boxes.sellBox,
  sellPrize: boxes.sellPrize,
  checkCoupon: rewards.checkCoupon,
  listCoupons: rewards.listCoupons,
  listCashback: rewards.listCashback,
  claimCashback: rewards.claimCashback,
  listMissions: rewards.listMissions,
  getMission: rewards.getMission,
  acceptMission: rewards.acceptMission,
  claimMission: rewards.claimMission,
  getVip: rewards.getVip,
  getAffiliates: rewards.getAffiliates,
  listPromotions: promotions.listPromotions,
  getPromotion: promotions.getPromotion,
};

/** Operations that answer even when no brand serves the domain. */
export const brandOptionalHandlers: Record<string, BrandOptionalHandler> = {
  getSiteConfig: site.getSiteConfig,
};
