import BASE_CSS from "../lib/base.css?inline";
import { defineWidget } from "../lib/define-widget";
import { ChatPanel } from "./ChatPanel";
import CHAT_CSS from "./chat.css?inline";

defineWidget("nikki-chat", ChatPanel, BASE_CSS + CHAT_CSS);
