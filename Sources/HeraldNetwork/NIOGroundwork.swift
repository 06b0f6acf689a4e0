// Groundwork: the AsyncHTTPClient downloader is built here (issue #15).
import AsyncHTTPClient
import NIOCore
import NIOPosix
